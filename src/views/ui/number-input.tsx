import { NumberInput } from '@ark-ui/react/number-input'
import { ChevronDownIcon, ChevronUpIcon } from 'lucide-react'
import { createStyleContext } from 'styled-system/jsx'
import { numberInput } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `numberInput` slot recipe on Ark's NumberInput: a `role="spinbutton"` input, ArrowUp /
 * ArrowDown step it, Home / End jump to `min` / `max`; the triggers are labelled buttons.
 */
const { withProvider, withContext } = createStyleContext(numberInput)

/**
 * - `value` / `onValueChange` (`{ value, valueAsNumber }`) or `defaultValue` — strings
 * - `min`, `max`, `step`, `clampValueOnBlur`, `formatOptions` (Intl.NumberFormat), `locale`
 * - `name`, `disabled`, `invalid`, `readOnly`, `required`
 * - `size`: 'md' | 'lg' | 'xl' — @default 'md'
 * Layout: `Label`, then `Control` holding `Input`, `IncrementTrigger`, `DecrementTrigger`.
 */
export const Root = withProvider(NumberInput.Root, 'root')
export const Label = withContext(NumberInput.Label, 'label')
/** The bordered box (input plus the two stacked triggers). */
export const Control = withContext(NumberInput.Control, 'control')
export const Input = withContext(NumberInput.Input, 'input')
/** Shows the formatted value. */
export const ValueText = withContext(NumberInput.ValueText, 'valueText')
export const Scrubber = withContext(NumberInput.Scrubber, 'scrubber')

const StyledIncrement = withContext(NumberInput.IncrementTrigger, 'incrementTrigger')
const StyledDecrement = withContext(NumberInput.DecrementTrigger, 'decrementTrigger')

export type IncrementTriggerProps = ComponentProps<typeof StyledIncrement>
export type DecrementTriggerProps = ComponentProps<typeof StyledDecrement>

/** Ark labels it "increment value"; draws a chevron unless given children. */
export const IncrementTrigger = ({ children, ...props }: IncrementTriggerProps) => (
  <StyledIncrement {...props}>{children ?? <ChevronUpIcon aria-hidden />}</StyledIncrement>
)
/** Ark labels it "decrease value"; draws a chevron unless given children. */
export const DecrementTrigger = ({ children, ...props }: DecrementTriggerProps) => (
  <StyledDecrement {...props}>{children ?? <ChevronDownIcon aria-hidden />}</StyledDecrement>
)

export type RootProps = ComponentProps<typeof Root>
export type LabelProps = ComponentProps<typeof Label>
export type ControlProps = ComponentProps<typeof Control>
export type InputProps = ComponentProps<typeof Input>
