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

/**
 * The title whose panel the address opens, and how to close it (the address without the parameter).
 * `badId`: the parameter's text when it is there but no title id at all (`?title=abc`), which the panel
 * says plainly instead of not opening.
 */
export function useOpenTitle(): {
  readonly titleId: number | undefined
  readonly badId: string | undefined
  readonly close: () => void
} {
  const [search, setSearch] = useSearchParams()
  const text = search.get(titleParam)
  const value = Number(text)
  const titleId = text && Number.isSafeInteger(value) && value > 0 ? value : undefined
  const badId = text !== null && titleId === undefined ? text : undefined
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
  return { titleId, badId, close }
}
