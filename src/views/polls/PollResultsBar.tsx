import { css } from 'styled-system/css'
import { styled } from 'styled-system/jsx'
import type { PollResults } from '~/api/polls'
import { formatTtc } from '~/domain/number-format'
import { resultShares, votesCast } from '~/domain/poll-view'
import { voteLabels } from './poll-texts'

// Each colour a css() call of its own: Panda writes only the classes it finds in the source, and a token
// passed to a style prop through a variable (`bg={colour}`) never reached the stylesheet.
const sides = [
  { side: 'up', count: 'numUsersBetUp', colour: css({ bg: 'up.default' }) },
  { side: 'flat', count: 'numUsersBetFlat', colour: css({ bg: 'gray.8' }) },
  { side: 'down', count: 'numUsersBetDown', colour: css({ bg: 'down.default' }) },
] as const

const players = (count: number) => `${count} ${count === 1 ? 'player' : 'players'}`

/** Spec §3 "Poll results": who bet which way, as a bar and in words, and the pot. */
export function PollResultsBar({
  results,
  compact = false,
}: {
  readonly results: PollResults
  readonly compact?: boolean
}) {
  const shares = resultShares(results)
  const cast = votesCast(results)
  return (
    <styled.div display="grid" gap="1.5">
      <styled.div display="flex" h="2" borderRadius="full" overflow="hidden" bg="bg.subtle" aria-hidden>
        {sides.map(({ side, colour }) => (
          <div key={side} className={colour} data-side={side} style={{ width: `${shares[side] * 100}%` }} />
        ))}
      </styled.div>
      {!compact && (
        <styled.p display="flex" flexWrap="wrap" columnGap="3" rowGap="1" textStyle="xs" color="fg.muted">
          {sides.map(({ side, count }) => (
            <span key={side}>
              {voteLabels[side]}: {players(results[count])}
            </span>
          ))}
        </styled.p>
      )}
      <styled.p display="flex" flexWrap="wrap" columnGap="3" textStyle="sm">
        <span>Votes cast: {cast}</span>
        <span>Total bet: {formatTtc(results.totalTtcBet)}</span>
      </styled.p>
    </styled.div>
  )
}
