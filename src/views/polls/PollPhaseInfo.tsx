import { styled } from 'styled-system/jsx'
import type { Poll } from '~/api/polls'
import { phaseMoment } from '~/domain/poll-view'
import { formatRelativeTime } from '~/domain/relative-time'
import { Badge } from '~/views/ui'
import { phaseLabels, phaseMomentLabels } from './poll-texts'

const palettes = { open: 'up', closed: 'gray', evaluated: 'accent' } as const

const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** Spec §4 "Poll lifecycle by time": the phase and when it ends (or ended), e.g. 'Open · closes in 2 hours'. */
export function PollPhaseInfo({ poll, now }: { readonly poll: Poll; readonly now: number }) {
  const moment = phaseMoment(poll, poll.phase)
  return (
    <styled.p display="flex" alignItems="center" flexWrap="wrap" gap="2" textStyle="sm">
      <Badge colorPalette={palettes[poll.phase]} variant="subtle">
        {phaseLabels[poll.phase]}
      </Badge>
      <styled.time dateTime={new Date(moment).toISOString()} title={exact.format(moment)} color="fg.muted">
        {phaseMomentLabels[poll.phase]} {formatRelativeTime(moment, now)}
      </styled.time>
    </styled.p>
  )
}
