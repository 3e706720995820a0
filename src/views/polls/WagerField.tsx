import { styled } from 'styled-system/jsx'
import { formatTtc } from '~/domain/number-format'
import type { WagerError } from '~/machines/bet-dialog.types'
import { Field, NumberInput } from '~/views/ui'

interface WagerFieldProps {
  readonly value: string
  readonly onChange: (wager: string) => void
  /** TTC: the field's max */
  readonly balance: number
  readonly error?: WagerError
  readonly disabled?: boolean
}

/** The wager in TTC, at most the balance; spec §5's 'Validation Error' and its message below it. */
export function WagerField({ value, onChange, balance, error, disabled }: WagerFieldProps) {
  return (
    <Field.Root invalid={error !== undefined} disabled={disabled}>
      <NumberInput.Root
        value={value}
        onValueChange={(details) => onChange(details.value)}
        min={0}
        max={balance}
        step={1}
        // the over-balance message is the spec's answer to too much: the field must not cap it silently
        clampValueOnBlur={false}
        allowOverflow
        // every decimal typed stays: a third one is the form's 'at most two decimals', not rounded away
        formatOptions={{ maximumFractionDigits: 20, useGrouping: false }}
        locale="en-US"
      >
        <NumberInput.Label>Wager (TTC)</NumberInput.Label>
        <NumberInput.Control>
          <NumberInput.Input inputMode="decimal" />
          <NumberInput.IncrementTrigger />
          <NumberInput.DecrementTrigger />
        </NumberInput.Control>
      </NumberInput.Root>
      <Field.HelperText>Your balance: {formatTtc(balance)}</Field.HelperText>
      <Field.ErrorText role="alert">
        {error && (
          <>
            <styled.strong display="block">{error.title}</styled.strong>
            <span>{error.message}</span>
          </>
        )}
      </Field.ErrorText>
    </Field.Root>
  )
}
