import { styled } from 'styled-system/jsx'
import { type QuickAmount, quickAmounts, quickAmountWager } from '~/domain/wager'
import { Button } from '~/views/ui'

interface QuickAmountsProps {
  /** TTC: what Max fills in */
  readonly balance: number
  readonly onPick: (wager: string) => void
  readonly disabled?: boolean
}

const labelOf = (amount: QuickAmount) => (amount === 'max' ? 'Max' : String(amount))

/** The bet form's quick amounts: 10, 25, 50 TTC or the whole balance, filled into the wager field. */
export function QuickAmounts({ balance, onPick, disabled }: QuickAmountsProps) {
  return (
    <styled.div role="group" aria-label="Quick amounts" display="flex" gap="2" flexWrap="wrap">
      {quickAmounts.map((amount) => (
        <Button
          key={amount}
          type="button"
          size="xs"
          variant="outline"
          disabled={disabled}
          aria-label={amount === 'max' ? `Max: ${quickAmountWager(amount, balance)} TTC` : `${amount} TTC`}
          onClick={() => onPick(quickAmountWager(amount, balance))}
        >
          {labelOf(amount)}
        </Button>
      ))}
    </styled.div>
  )
}
