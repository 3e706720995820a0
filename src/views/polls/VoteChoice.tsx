import { styled } from 'styled-system/jsx'
import type { VoteValue } from '~/api/polls'
import { RadioButtonGroup, Text } from '~/views/ui'
import { voteLabels } from './poll-texts'

const sides: readonly { value: VoteValue; palette: string }[] = [
  { value: 'up', palette: 'up' },
  { value: 'flat', palette: 'gray' },
  { value: 'down', palette: 'down' },
]

interface VoteChoiceProps {
  readonly value: VoteValue | undefined
  readonly onChange: (vote: VoteValue) => void
  readonly error?: string
  readonly disabled?: boolean
}

/** Up, flat or down as three radio buttons in a group named 'Your prediction'. */
export function VoteChoice({ value, onChange, error, disabled }: VoteChoiceProps) {
  return (
    <RadioButtonGroup.Root
      value={value ?? null}
      onValueChange={(details) => details.value && onChange(details.value as VoteValue)}
      disabled={disabled}
      aria-describedby={error ? 'bet-vote-error' : undefined}
      display="grid"
      gap="2"
    >
      <RadioButtonGroup.Label fontWeight="medium" textStyle="sm">
        Your prediction
      </RadioButtonGroup.Label>
      <styled.div display="grid" gridTemplateColumns="repeat(3, minmax(0, 1fr))" gap="2">
        {sides.map((side) => (
          <RadioButtonGroup.Item key={side.value} value={side.value} colorPalette={side.palette}>
            <RadioButtonGroup.ItemControl />
            <RadioButtonGroup.ItemText>{voteLabels[side.value]}</RadioButtonGroup.ItemText>
            {/* before a choice Chromium stops on every radio of a group: only the first takes Tab then */}
            <RadioButtonGroup.ItemHiddenInput
              tabIndex={value === undefined && side !== sides[0] ? -1 : undefined}
            />
          </RadioButtonGroup.Item>
        ))}
      </styled.div>
      {error && (
        <Text id="bet-vote-error" role="alert" textStyle="sm" color="fg.error">
          {error}
        </Text>
      )}
    </RadioButtonGroup.Root>
  )
}
