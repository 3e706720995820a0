import { ark } from '@ark-ui/react/factory'
import { styled } from 'styled-system/jsx'
import { link } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/**
 * Park UI's `link` recipe on an `<a>`: underline on hover in `colorPalette`.
 *
 * - `href` for plain links; for in-app routes wrap wouter's link:
 *   `<Link asChild><WouterLink href="/polls">Polls</WouterLink></Link>`
 * - external links: add `target="_blank" rel="noreferrer"` and say so in the text
 */
export const Link = styled(ark.a, link)

export type LinkProps = ComponentProps<typeof Link>
