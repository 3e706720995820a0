import { TrendingDown, TrendingUp } from 'lucide-react'
import type { Trend } from '~/domain/prediction'
import { Badge } from '~/views/ui'

/** A prediction's direction, in the price-move colours with an icon (colour is never the only cue). */
export function TrendBadge({ trend }: { readonly trend: Trend }) {
  const Icon = trend === 'Up' ? TrendingUp : TrendingDown
  return (
    <Badge
      variant="subtle"
      colorPalette={trend === 'Up' ? 'up' : 'down'}
      color={trend === 'Up' ? 'up.text' : 'down.text'}
    >
      <Icon size={14} aria-hidden />
      {trend}
    </Badge>
  )
}
