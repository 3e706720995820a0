import { useEffect } from 'react'

/** The tab's title follows the screen: "Polls · Alpha". */
export function DocumentTitle({ title }: { readonly title: string }) {
  useEffect(() => {
    document.title = `${title} · Alpha`
  }, [title])
  return null
}
