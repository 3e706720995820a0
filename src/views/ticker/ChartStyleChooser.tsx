import { RadioButtonGroup } from '~/views/ui'
import type { ChartStyle } from './ChartCanvas'

const styles: readonly [ChartStyle, string][] = [
  ['area', 'Line'],
  ['candles', 'Candles'],
]

/** The chart's drawing, line (the closes as an area) or candles (open, high, low and close of each bar). */
export function ChartStyleChooser({
  value,
  onChange,
}: {
  readonly value: ChartStyle
  readonly onChange: (style: ChartStyle) => void
}) {
  return (
    <RadioButtonGroup.Root
      value={value}
      onValueChange={(details) => details.value && onChange(details.value as ChartStyle)}
      aria-label="Chart style"
      size="sm"
      variant="outline"
      display="flex"
      gap="1.5"
    >
      {styles.map(([style, label]) => (
        <RadioButtonGroup.Item key={style} value={style}>
          <RadioButtonGroup.ItemControl />
          <RadioButtonGroup.ItemText>{label}</RadioButtonGroup.ItemText>
          <RadioButtonGroup.ItemHiddenInput />
        </RadioButtonGroup.Item>
      ))}
    </RadioButtonGroup.Root>
  )
}
