import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'wouter'
import { selectTitleName } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { Link } from '~/views/ui'
import { useTitleHref } from './title-param'

export interface TitleLinkProps {
  readonly titleId: number
  /** what the link shows @default the title's name (or '#id' while the titles load) */
  readonly children?: ReactNode
}

/**
 * A title's name that opens its ticker panel: a real link to the current page with `?title=<id>`, so
 * the panel can be shared, opened in a new tab, and closed with Back.
 */
export function TitleLink({ titleId, children }: TitleLinkProps) {
  const client = useClient()
  const name = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleName(snapshot.context, titleId),
  )
  const href = useTitleHref(titleId)
  return (
    <Link asChild fontWeight="semibold" color="fg.default">
      <RouterLink href={href} aria-haspopup="dialog">
        {children ?? name ?? `#${titleId}`}
      </RouterLink>
    </Link>
  )
}
