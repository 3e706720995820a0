import { ImageIcon, XIcon } from 'lucide-react'
import { Button, Field, FileUpload, IconButton } from '~/views/ui'

/**
 * A group's avatar: a button opens the file picker (or an image is dropped on it), the chosen image
 * shows with its name, size and a remove button. Every file goes to the form, which says why one will
 * not do (type, size): the picker's own `accept` would drop a wrong one silently.
 */
export function AvatarPicker({
  onPick,
  problem,
}: {
  readonly onPick: (file: File | undefined) => void
  readonly problem?: string
}) {
  return (
    <Field.Root invalid={problem !== undefined}>
      <FileUpload.Root
        maxFiles={1}
        onFileChange={({ acceptedFiles, rejectedFiles }) =>
          onPick(acceptedFiles[0] ?? rejectedFiles[0]?.file)
        }
        gap="2"
      >
        <FileUpload.Label>Avatar (PNG, JPEG or GIF, optional)</FileUpload.Label>
        <FileUpload.Context>
          {(upload) =>
            upload.acceptedFiles.length === 0 ? (
              <FileUpload.Trigger asChild>
                <Button type="button" variant="outline" size="sm" alignSelf="flex-start">
                  <ImageIcon aria-hidden /> Choose an image
                </Button>
              </FileUpload.Trigger>
            ) : (
              <FileUpload.ItemGroup>
                {upload.acceptedFiles.map((file) => (
                  <FileUpload.Item key={file.name} file={file}>
                    <FileUpload.ItemPreview type="image/*">
                      <FileUpload.ItemPreviewImage file={file} alt="" />
                    </FileUpload.ItemPreview>
                    <FileUpload.ItemName />
                    <FileUpload.ItemSizeText />
                    <FileUpload.ItemDeleteTrigger asChild>
                      <IconButton type="button" variant="ghost" size="sm" aria-label={`Remove ${file.name}`}>
                        <XIcon aria-hidden />
                      </IconButton>
                    </FileUpload.ItemDeleteTrigger>
                  </FileUpload.Item>
                ))}
              </FileUpload.ItemGroup>
            )
          }
        </FileUpload.Context>
        <FileUpload.HiddenInput />
      </FileUpload.Root>
      <Field.ErrorText>{problem}</Field.ErrorText>
    </Field.Root>
  )
}
