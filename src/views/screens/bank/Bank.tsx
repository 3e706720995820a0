import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { Stack } from 'styled-system/jsx'
import { provideBank } from '~/actors/bank.actors'
import { bankMachine } from '~/machines/bank.machine'
import { selectLoaded, selectLoadFailure, selectLoading } from '~/machines/loader.machine'
import { BalanceHistory } from '~/views/bank/BalanceHistory'
import { BankFigures } from '~/views/bank/BankFigures'
import { BeatenBy } from '~/views/bank/BeatenBy'
import { useClient } from '~/views/client-context'
import { ListLoadFailure } from '~/views/common/ListLoadFailure'
import { Heading, Skeleton, Text } from '~/views/ui'

/** `/bank`: the Bank as the players' opponent (spec §1: the Bank can win a poll nobody called). */
export function Bank() {
  const client = useClient()
  const logic = useMemo(() => provideBank(bankMachine, client.effects), [client])
  const loader = useActorRef(logic, { input: {} })
  const report = useSelector(loader, selectLoaded)
  const loading = useSelector(loader, selectLoading)
  const failure = useSelector(loader, selectLoadFailure)
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          The Bank
        </Heading>
        <Text color="fg.muted">
          It takes a poll's pot when nobody called the outcome, and pays it out when somebody did.
        </Text>
      </Stack>
      {failure ? (
        <ListLoadFailure text={failure} onRetry={() => loader.send({ type: 'loader.reload' })} />
      ) : null}
      {loading ? <Skeleton h="40" aria-busy="true" /> : null}
      {report ? (
        <>
          <BankFigures report={report} />
          <BalanceHistory history={report.balanceHistory} />
          <BeatenBy rows={report.beatenBy} />
        </>
      ) : null}
    </Stack>
  )
}
