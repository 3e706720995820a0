import { Avatar } from '@ark-ui/react/avatar'
import { createStyleContext } from 'styled-system/jsx'
import { avatar } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `avatar` slot recipe on Ark's Avatar: shows `Image` once it loads, else `Fallback`.
 */
const { withProvider, withContext } = createStyleContext(avatar)

/**
 * - `size`: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl' — @default 'md'
 * - `onStatusChange` (`{ status: 'loading' | 'loaded' | 'error' }`)
 */
export const Root = withProvider(Avatar.Root, 'root')
/** The picture: give it an `alt` (the person's name), or `alt=""` when the name is next to it. */
export const Image = withContext(Avatar.Image, 'image')
/** Initials or an icon while the image is missing; hide decorative content with `aria-hidden`. */
export const Fallback = withContext(Avatar.Fallback, 'fallback')

export type RootProps = ComponentProps<typeof Root>
export type ImageProps = ComponentProps<typeof Image>
export type FallbackProps = ComponentProps<typeof Fallback>
