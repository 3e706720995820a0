import { ark } from '@ark-ui/react/factory'
import { styled } from 'styled-system/jsx'
import { textarea } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/**
 * Park UI's `textarea` recipe on a plain `<textarea>`. Label it like `Input` (prefer
 * `Field.Textarea` inside a `Field.Root`).
 *
 * - `size`: 'sm' | 'md' | 'lg' | 'xl' — @default 'md'
 */
export const Textarea = styled(ark.textarea, textarea)

export type TextareaProps = ComponentProps<typeof Textarea>
