import { styled } from 'styled-system/jsx'
import type { Poll } from '~/api/polls'
import { formatDateTime, isoDateTime } from '~/domain/date-format'
import { formatDecimal, formatTtc } from '~/domain/number-format'
import { sideOdds } from '~/domain/poll-market'
import { formatRelativeTime } from '~/domain/relative-time'
import { Table } from '~/views/ui'
import { flatBandText, voteLabels } from './poll-texts'

/**
 * A poll read as a market (issue 17): when it is judged, what flat means, and per side the pot and
 * what 1 TTC placed now would pay if the side won (parimutuel, from the current pot). `now` is the
 * game's clock, so 'in 3 hours' is the server's.
 */
export function PollMarket({ poll, now }: { readonly poll: Poll; readonly now: number }) {
  const open = poll.phase === 'open'
  const sides = sideOdds(poll.results)
  const captionId = `poll-${poll.pollId}-market`
  return (
    <styled.div display="grid" gap="2" textStyle="sm">
      <styled.dl display="flex" flexWrap="wrap" columnGap="4" rowGap="1">
        <styled.div display="flex" gap="1">
          <dt>Judged:</dt>
          <dd>
            <time dateTime={isoDateTime(poll.evalTime)}>{formatDateTime(poll.evalTime)}</time>{' '}
            <styled.span color="fg.muted">({formatRelativeTime(poll.evalTime, now)})</styled.span>
          </dd>
        </styled.div>
        <styled.div display="flex" gap="1">
          <dt>Flat:</dt>
          <dd>{flatBandText(poll.flatBand)}</dd>
        </styled.div>
      </styled.dl>
      <Table.Root size="sm" aria-labelledby={captionId}>
        <styled.caption id={captionId} srOnly>
          Pot per side{open ? ' and payout per 1 TTC' : ''}
        </styled.caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">Side</Table.Header>
            <Table.Header scope="col" textAlign="end">
              Pot
            </Table.Header>
            {open && (
              <Table.Header scope="col" textAlign="end">
                Pays per 1 TTC
              </Table.Header>
            )}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {sides.map((odds) => (
            <Table.Row key={odds.side}>
              <Table.Header scope="row">{voteLabels[odds.side]}</Table.Header>
              <Table.Cell textAlign="end">{formatTtc(odds.pot)}</Table.Cell>
              {open && (
                <Table.Cell textAlign="end">
                  {formatDecimal(odds.payoutPerTtc)}
                  {odds.bankWouldTake && <styled.span color="fg.muted"> (nobody yet)</styled.span>}
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </styled.div>
  )
}
