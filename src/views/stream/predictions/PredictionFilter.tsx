import type { PredictionFilter as Filter } from '~/domain/prediction'
import { SegmentGroup } from '~/views/ui'

const options: readonly { readonly value: Filter; readonly label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'running', label: 'Running' },
  { value: 'completed', label: 'Completed' },
]

const isFilter = (value: string | null): value is Filter => options.some((option) => option.value === value)

/** Spec §4 filter values: all, completed, running — a radio group named 'Show'. */
export function PredictionFilter({
  value,
  onChange,
}: {
  readonly value: Filter
  readonly onChange: (filter: Filter) => void
}) {
  return (
    <SegmentGroup.Root
      value={value}
      onValueChange={(details) => {
        if (isFilter(details.value)) onChange(details.value)
      }}
      size="sm"
    >
      <SegmentGroup.Label srOnly>Show</SegmentGroup.Label>
      <SegmentGroup.Indicator />
      {options.map((option) => (
        <SegmentGroup.Item key={option.value} value={option.value}>
          <SegmentGroup.ItemText>{option.label}</SegmentGroup.ItemText>
          <SegmentGroup.ItemControl />
          <SegmentGroup.ItemHiddenInput />
        </SegmentGroup.Item>
      ))}
    </SegmentGroup.Root>
  )
}
