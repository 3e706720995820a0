import { useSelector } from '@xstate/react'
import { WalletIcon, XIcon } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import { formatTtc } from '~/domain/number-format'
import { selectUser } from '~/machines/session.select'
import { useClient } from '~/views/client-context'
import { Button, IconButton, Portal, Text } from '~/views/ui'
import * as Popover from './popover'
import { TransactionList } from './TransactionList'

/**
 * Spec §2 credit menu: the wallet's balance in TTC on the trigger; opened, the total and the last
 * transactions (loaded each time it opens).
 */
export function CreditMenu() {
  const client = useClient()
  const user = useSelector(client.session, selectUser)
  const balance = formatTtc(user.wallet.balance)
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Credit: ${balance}`}>
          <WalletIcon aria-hidden />
          <styled.span fontVariantNumeric="tabular-nums">{balance}</styled.span>
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content
            aria-label="Credit"
            w="sm"
            maxW="calc(100vw - 1.5rem)"
            p="4"
            display="flex"
            flexDirection="column"
            gap="3"
          >
            <styled.div display="flex" alignItems="flex-start" justifyContent="space-between" gap="2">
              <div>
                <Popover.Title>Credit</Popover.Title>
                <Popover.Description>
                  Total{' '}
                  <Text as="span" fontWeight="semibold" color="fg.default" fontVariantNumeric="tabular-nums">
                    {balance}
                  </Text>
                </Popover.Description>
              </div>
              <Popover.CloseTrigger asChild>
                <IconButton aria-label="Close credit" variant="ghost" size="xs">
                  <XIcon aria-hidden />
                </IconButton>
              </Popover.CloseTrigger>
            </styled.div>
            <TransactionList walletAddress={user.wallet.address} />
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}
