import { styled } from 'styled-system/jsx'
import type { RankingRow } from '~/api/rankings'
import { formatPercent, formatTtc } from '~/domain/number-format'
import { type RankingTab, trophyOf } from '~/domain/ranking-tabs'
import { SkillCell } from '~/views/skill/SkillCell'
import { Skeleton, Table, Text } from '~/views/ui'
import { TrophyIcon } from './TrophyIcon'
import { UserNameButton } from './UserNameButton'

export interface RankingTableProps {
  /** names the table for screen readers */
  readonly caption: string
  readonly rows: readonly RankingRow[]
  readonly tab: RankingTab
  /** the player's id: their row is highlighted */
  readonly ownUserId?: number
  readonly loading?: boolean
  /** adds the skill column (hit rate, "skill" when shown), loaded per row @default false */
  readonly showSkill?: boolean
}

const placeholderRows = [1, 2, 3, 4, 5]

/** A ranking: rank (with the week's trophies), player, points in TTC, accuracy in percent. */
export function RankingTable({
  caption,
  rows,
  tab,
  ownUserId,
  loading = false,
  showSkill = false,
}: RankingTableProps) {
  if (!loading && rows.length === 0)
    return (
      <Text color="fg.muted">Nobody is ranked yet: predictions and bets count once they are evaluated.</Text>
    )
  return (
    <styled.div overflowX="auto" aria-busy={loading}>
      <Table.Root size="sm">
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">Rank</Table.Header>
            <Table.Header scope="col">Player</Table.Header>
            <Table.Header scope="col" textAlign="end">
              Points
            </Table.Header>
            <Table.Header scope="col" textAlign="end">
              Accuracy
            </Table.Header>
            {showSkill ? (
              <Table.Header scope="col" textAlign="end">
                Skill
              </Table.Header>
            ) : null}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {loading
            ? placeholderRows.map((key) => (
                <Table.Row key={key}>
                  {(showSkill ? [1, 2, 3, 4, 5] : [1, 2, 3, 4]).map((cell) => (
                    <Table.Cell key={cell}>
                      <Skeleton h="4" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))
            : rows.map((row) => {
                const own = row.userId === ownUserId
                const trophy = trophyOf(row.rank, tab, row.points)
                return (
                  <Table.Row
                    key={row.userId}
                    aria-current={own ? 'true' : undefined}
                    bg={own ? 'accent.a3' : undefined}
                    fontWeight={own ? 'semibold' : undefined}
                  >
                    <Table.Cell>
                      <styled.span display="inline-flex" alignItems="center" gap="1">
                        {row.rank}
                        {trophy && <TrophyIcon trophy={trophy} />}
                      </styled.span>
                    </Table.Cell>
                    <Table.Cell>
                      <UserNameButton userId={row.userId} username={row.username} />
                      {own && <styled.span color="fg.muted"> (you)</styled.span>}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatTtc(row.points)}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatPercent(row.accuracy)}</Table.Cell>
                    {showSkill ? <SkillCell userId={row.userId} /> : null}
                  </Table.Row>
                )
              })}
        </Table.Body>
      </Table.Root>
    </styled.div>
  )
}
