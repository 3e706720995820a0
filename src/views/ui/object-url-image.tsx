import { type ComponentProps, useEffect, useState } from 'react'

/**
 * An `<img>` of a local file (a picked avatar) through one object URL, made when the file is shown and
 * revoked when it is not. Ark's `FileUpload.ItemPreviewImage` makes a new URL and revokes the old one on
 * every render of the upload, so a slow image load could ask for a revoked `blob:` (a console error).
 */
export function ObjectUrlImage({
  file,
  alt,
  ...props
}: { readonly file: Blob; readonly alt: string } & ComponentProps<'img'>) {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return url === undefined ? null : <img src={url} alt={alt} {...props} />
}
