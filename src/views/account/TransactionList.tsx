import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { provideTransactions } from '~/actors/account-screens.actors'
import { formatDateTime, isoDateTime } from '~/domain/date-format'
import { formatTtc } from '~/domain/number-format'
import { accountLoadTexts, transactionsMachine } from '~/machines/account-loaders.machine'
import { selectLoaded, selectLoaderStatus } from '~/machines/loader.machine'
import { selectTitleName } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { LoadedList } from '~/views/common/LoadedList'
import { Skeleton, Text } from '~/views/ui'
import { transactionLabel } from './account-texts'

/** The wallet's last transactions, newest first, loaded while this list is shown. */
export function TransactionList({ walletAddress }: { readonly walletAddress: string }) {
  const client = useClient()
  const logic = useMemo(() => provideTransactions(transactionsMachine, client.effects), [client])
  const loader = useActorRef(logic, { ...client.actorOptions, input: { walletAddress } })
  const transactions = useSelector(loader, selectLoaded) ?? []
  const status = useSelector(loader, selectLoaderStatus)
  const loading = status === 'loading'
  const titles = useSelector(client.store('titleInfo'), (snapshot) => snapshot.context)
  const titleName = (id: number) => selectTitleName(titles, id)
  return (
    <styled.section aria-labelledby="last-transactions" aria-busy={loading}>
      <styled.h3 id="last-transactions" fontSize="sm" fontWeight="semibold" mb="2">
        Last transactions
      </styled.h3>
      <LoadedList
        status={status}
        failureText={accountLoadTexts.transactionsFailed}
        onRetry={() => loader.send({ type: 'loader.reload' })}
      >
        {loading ? (
          <styled.div display="flex" flexDirection="column" gap="2">
            <Skeleton h="9" />
            <Skeleton h="9" />
            <Skeleton h="9" />
          </styled.div>
        ) : null}
        {status === 'empty' ? (
          <Text size="sm" color="fg.muted">
            No transactions yet.
          </Text>
        ) : null}
        {transactions.length > 0 ? (
          <styled.ul aria-label="Transactions" maxH="72" overflowY="auto" divideY="1px">
            {transactions.map((transaction) => (
              <styled.li
                key={transaction.transactionId}
                display="flex"
                justifyContent="space-between"
                gap="3"
                py="2"
              >
                <div>
                  <styled.p fontSize="sm">{transactionLabel(transaction, titleName)}</styled.p>
                  <styled.time dateTime={isoDateTime(transaction.createdAt)} fontSize="xs" color="fg.muted">
                    {formatDateTime(transaction.createdAt)}
                  </styled.time>
                </div>
                <styled.span
                  fontSize="sm"
                  fontWeight="medium"
                  fontVariantNumeric="tabular-nums"
                  color={transaction.amount < 0 ? 'down.text' : 'up.text'}
                >
                  {formatTtc(transaction.amount, true)}
                </styled.span>
              </styled.li>
            ))}
          </styled.ul>
        ) : null}
      </LoadedList>
    </styled.section>
  )
}
