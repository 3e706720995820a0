import { styled } from 'styled-system/jsx'
import { formatTtc } from '~/domain/number-format'
import type { WagerError } from '~/machines/bet-dialog.types'
import { Field } from '~/views/ui'

interface WagerFieldProps {
  readonly value: string
  readonly onChange: (wager: string) => void
  /** TTC: the field's max */
  readonly balance: number
  readonly error?: WagerError
  readonly disabled?: boolean
}

/**
 * The wager in TTC as typed, checked by the bet dialog against the balance; spec §5's 'Validation
 * Error' and its message below it. A plain text field: a number input reformatting its own text on
 * every change lost or repeated keystrokes of fast typing, and dropped a decimal comma ("1,5" became
 * 15); what the player typed is what the rules judge (`parseWager`).
 */
export function WagerField({ value, onChange, balance, error, disabled }: WagerFieldProps) {
  return (
    <Field.Root invalid={error !== undefined} disabled={disabled}>
      <Field.Label>Wager (TTC)</Field.Label>
      <Field.Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
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
