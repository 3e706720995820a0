import { createContext, type MouseEvent, type ReactNode, useContext, useMemo } from 'react'
import { css, cx } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { useLocation, useRouter, useSearchParams } from 'wouter'
import { titleParam } from '~/views/ticker/title-param'

/** How a feed's title mentions open the ticker panel: worked out once per address, not per mention. */
interface TitleHrefs {
  /** the address with the panel of `titleId` open (as `useTitleHref` makes it) */
  readonly pathOf: (titleId: number) => string
  /** the `href` of that address (the router's base added) */
  readonly hrefOf: (titleId: number) => string
  readonly navigate: (path: string) => void
}

const TitleHrefsContext = createContext<TitleHrefs | undefined>(undefined)

/** Gives the feed's mentions their addresses: the location is read here, once, not by every mention. */
export function TitleHrefsProvider({ children }: { readonly children: ReactNode }) {
  const router = useRouter()
  const [location, navigate] = useLocation()
  const [search] = useSearchParams()
  const hrefs = useMemo<TitleHrefs>(() => {
    // no panel open (the usual case): every mention's address is this prefix and its id
    const prefix = search.has(titleParam)
      ? undefined
      : `${location}?${search.size > 0 ? `${search}&` : ''}${titleParam}=`
    const pathOf = (titleId: number) => {
      if (prefix !== undefined) return `${prefix}${titleId}`
      const next = new URLSearchParams(search)
      next.set(titleParam, String(titleId))
      return `${location}?${next}`
    }
    return {
      pathOf,
      hrefOf: (titleId) => router.hrefs(router.base + pathOf(titleId), router),
      navigate: (path) => navigate(path),
    }
  }, [router, location, search, navigate])
  return <TitleHrefsContext.Provider value={hrefs}>{children}</TitleHrefsContext.Provider>
}

// the classes of `<Link fontWeight="semibold" color="fg.default">` (TitleLink), built once
const mentionLink = cx(link(), css({ fontWeight: 'semibold', color: 'fg.default' }))

/**
 * A title mention that opens its ticker panel, like `TitleLink` but a plain link: no router hooks of
 * its own (a feed row is made 50 times a second). Needs a `TitleHrefsProvider` above it.
 */
export function TitleMention({
  titleId,
  children,
}: {
  readonly titleId: number
  readonly children: ReactNode
}) {
  const hrefs = useContext(TitleHrefsContext)
  if (!hrefs) throw new Error('TitleMention needs a TitleHrefsProvider')
  // a plain left click stays in the app (as wouter's Link); modified clicks open tabs and windows
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    hrefs.navigate(hrefs.pathOf(titleId))
  }
  return (
    <a className={mentionLink} href={hrefs.hrefOf(titleId)} aria-haspopup="dialog" onClick={open}>
      {children}
    </a>
  )
}
