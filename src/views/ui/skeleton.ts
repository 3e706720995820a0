import { ark } from '@ark-ui/react/factory'
import { styled } from 'styled-system/jsx'
import { skeleton } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/**
 * Park UI's `skeleton` recipe: a pulsing placeholder. Size it like the content it stands for
 * (`h`, `w`, or wrap placeholder children, which it hides). It is `aria-hidden`: mark the loading
 * region with `aria-busy` or pair it with a visually hidden "Loading…" text.
 */
export const Skeleton = styled(ark.div, skeleton, { defaultProps: { 'aria-hidden': true } })

export type SkeletonProps = ComponentProps<typeof Skeleton>
