import type { TimeRange } from '~/api/market'
import { RadioButtonGroup } from '~/views/ui'

interface RangeChooserProps {
  readonly value: TimeRange
  readonly ranges: readonly TimeRange[]
  readonly labels: Readonly<Record<TimeRange, string>>
  readonly onChange: (range: TimeRange) => void
}

/** The chart's time range as a row of radio buttons (wrapping on phones). */
export function RangeChooser({ value, ranges, labels, onChange }: RangeChooserProps) {
  return (
    <RadioButtonGroup.Root
      value={value}
      onValueChange={(details) => details.value && onChange(details.value as TimeRange)}
      aria-label="Time range"
      size="sm"
      variant="outline"
      display="flex"
      flexWrap="wrap"
      gap="1.5"
    >
      {ranges.map((range) => (
        <RadioButtonGroup.Item key={range} value={range}>
          <RadioButtonGroup.ItemControl />
          <RadioButtonGroup.ItemText>{labels[range]}</RadioButtonGroup.ItemText>
          <RadioButtonGroup.ItemHiddenInput />
        </RadioButtonGroup.Item>
      ))}
    </RadioButtonGroup.Root>
  )
}
