import { styled } from 'styled-system/jsx'
import type { BankReport } from '~/api/bank'
import { formatTtc } from '~/domain/number-format'
import { UserNameButton } from '~/views/rankings/UserNameButton'
import { Card, Text } from '~/views/ui'

/** The players who took most from the Bank's side this week: polls won and TTC won beyond their stakes. */
export function BeatenBy({ rows }: { readonly rows: BankReport['beatenBy'] }) {
  return (
    <Card.Root role="region" aria-labelledby="bank-beaten-title">
      <Card.Header>
        <Card.Title id="bank-beaten-title">Who beat the Bank this week</Card.Title>
        <Card.Description>Polls won and TTC won beyond the stake</Card.Description>
      </Card.Header>
      <Card.Body>
        {rows.length === 0 ? (
          <Text color="fg.muted">Nobody has won a poll this week yet.</Text>
        ) : (
          <styled.ol aria-label="Players who beat the Bank" display="flex" flexDirection="column" gap="2">
            {rows.map((row, index) => (
              <styled.li key={row.userId} display="flex" alignItems="center" gap="3">
                <styled.span minW="6" fontWeight="semibold">
                  {index + 1}.
                </styled.span>
                <styled.span flex="1" minW="0" truncate>
                  <UserNameButton userId={row.userId} username={row.username} />
                </styled.span>
                <styled.span color="fg.muted" fontSize="sm">
                  {row.pollsWon === 1 ? '1 poll' : `${row.pollsWon} polls`}
                </styled.span>
                <styled.span fontVariantNumeric="tabular-nums">{formatTtc(row.ttcWon, true)}</styled.span>
              </styled.li>
            ))}
          </styled.ol>
        )}
      </Card.Body>
    </Card.Root>
  )
}
