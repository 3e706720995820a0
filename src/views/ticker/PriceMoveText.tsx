import { ArrowDownRightIcon, ArrowRightIcon, ArrowUpRightIcon } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import { formatDecimal, formatPercent, priceFractionDigits } from '~/domain/number-format'
import { type MoveDirection, priceMove } from '~/domain/poll-view'

const icons: Record<MoveDirection, typeof ArrowUpRightIcon> = {
  up: ArrowUpRightIcon,
  down: ArrowDownRightIcon,
  flat: ArrowRightIcon,
}

const palettes: Record<MoveDirection, string> = { up: 'up.text', down: 'down.text', flat: 'fg.muted' }

/** 'up', 'down' or 'unchanged', for screen readers (the arrow and colour say it to the eye). */
const spoken: Record<MoveDirection, string> = { up: 'up', down: 'down', flat: 'unchanged' }

/** A price's move from a reference: arrow, signed change and percent, green up and red down. */
export function PriceMoveText({
  reference,
  latest,
}: {
  readonly reference: number
  readonly latest: number
}) {
  const move = priceMove(reference, latest)
  const Icon = icons[move.direction]
  return (
    <styled.span
      display="inline-flex"
      alignItems="center"
      gap="1"
      color={palettes[move.direction]}
      fontVariantNumeric="tabular-nums"
    >
      <Icon aria-hidden size={16} />
      <styled.span srOnly>{spoken[move.direction]}</styled.span>
      {formatDecimal(move.change, priceFractionDigits(reference), true)} ({formatPercent(move.ratio, 2, true)}
      )
    </styled.span>
  )
}
