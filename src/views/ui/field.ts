import { Field } from '@ark-ui/react/field'
import { createStyleContext, styled } from 'styled-system/jsx'
import { field, input, textarea } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `field` slot recipe on Ark's Field: the root wires ids so the label names the control
 * and the helper / error text describe it (`aria-describedby`), and passes `invalid`, `required`,
 * `disabled` and `readOnly` down to the control.
 */
const { withProvider, withContext } = createStyleContext(field)

/**
 * A column of label, control and texts.
 * - `invalid`: shows `ErrorText` (hidden otherwise) and sets `aria-invalid` on the control
 * - `required`, `disabled`, `readOnly`: forwarded to the control
 */
export const Root = withProvider(Field.Root, 'root')
/** A `<label>` tied to the control. */
export const Label = withContext(Field.Label, 'label')
/** Rendered only while `Root` is `invalid`; describes the control. */
export const ErrorText = withContext(Field.ErrorText, 'errorText')
/** Describes the control. */
export const HelperText = withContext(Field.HelperText, 'helperText')
/** The field's `<input>` on the `input` recipe; `size`: '2xs' … '2xl' — @default 'md'. */
export const Input = styled(Field.Input, input)
/** The field's `<textarea>` on the `textarea` recipe; `size`: 'sm' … 'xl' — @default 'md'. */
export const Textarea = styled(Field.Textarea, textarea)
/** Shows its children (default `*`) only when `Root` is `required`; put it inside `Label`. */
export const RequiredIndicator = Field.RequiredIndicator

export type RootProps = ComponentProps<typeof Root>
export type LabelProps = ComponentProps<typeof Label>
export type ErrorTextProps = ComponentProps<typeof ErrorText>
export type HelperTextProps = ComponentProps<typeof HelperText>
export type InputProps = ComponentProps<typeof Input>
export type TextareaProps = ComponentProps<typeof Textarea>
