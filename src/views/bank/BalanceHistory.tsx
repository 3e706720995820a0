import { styled } from 'styled-system/jsx'
import type { BankReport } from '~/api/bank'
import { formatTtc } from '~/domain/number-format'
import { Card } from '~/views/ui'

/** The Bank's balance at the end of each of the last days, newest first. */
export function BalanceHistory({ history }: { readonly history: BankReport['balanceHistory'] }) {
  return (
    <Card.Root role="region" aria-labelledby="bank-history-title">
      <Card.Header>
        <Card.Title id="bank-history-title">Balance over time</Card.Title>
        <Card.Description>At the end of each day</Card.Description>
      </Card.Header>
      <Card.Body>
        <styled.table w="full" fontSize="sm" fontVariantNumeric="tabular-nums">
          <styled.caption srOnly>The Bank's balance at the end of each day</styled.caption>
          <thead>
            <tr>
              <styled.th scope="col" textAlign="start">
                Day
              </styled.th>
              <styled.th scope="col" textAlign="end">
                Balance
              </styled.th>
            </tr>
          </thead>
          <tbody>
            {[...history].reverse().map((day) => (
              <tr key={day.day}>
                <styled.td py="1">{day.day}</styled.td>
                <styled.td py="1" textAlign="end">
                  {formatTtc(day.balance)}
                </styled.td>
              </tr>
            ))}
          </tbody>
        </styled.table>
      </Card.Body>
    </Card.Root>
  )
}
