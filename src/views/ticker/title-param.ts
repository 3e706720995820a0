import { useLocation, useSearchParams } from 'wouter'

/** The query parameter that opens the ticker panel: `?title=<id>` on any page of the main layout. */
export const titleParam = 'title'

/** The current address with the ticker panel of `titleId` open (other query parameters kept). */
export function useTitleHref(titleId: number): string {
  const [location] = useLocation()
  const [search] = useSearchParams()
  const next = new URLSearchParams(search)
  next.set(titleParam, String(titleId))
  return `${location}?${next}`
}

/** The title whose panel the address opens, and how to close it (the address without the parameter). */
export function useOpenTitle(): { readonly titleId: number | undefined; readonly close: () => void } {
  const [search, setSearch] = useSearchParams()
  const value = Number(search.get(titleParam))
  const titleId = Number.isInteger(value) && value > 0 ? value : undefined
  const close = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(titleParam)
        return next
      },
      // the panel's entry is replaced, so Back does not open it again
      { replace: true },
    )
  return { titleId, close }
}
