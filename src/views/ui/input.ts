import { ark } from '@ark-ui/react/factory'
import { styled } from 'styled-system/jsx'
import { input } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/**
 * Park UI's `input` recipe on a plain `<input>`. Needs a label: prefer `Field.Input` inside a
 * `Field.Root` with a `Field.Label`; otherwise pass `aria-label` or use a `<label htmlFor>`.
 *
 * - `size`: '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl' — @default 'md'
 * - shows the error style when `aria-invalid` is set
 */
export const Input = styled(ark.input, input)

export type InputProps = ComponentProps<typeof Input>
