import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { Link } from 'wouter'
import { provideBank } from '~/actors/bank.actors'
import { bankMachine } from '~/machines/bank.machine'
import { selectLoaded } from '~/machines/loader.machine'
import { useClient } from '~/views/client-context'

const pots = (count: number) => (count === 1 ? '1 pot' : `${count} pots`)

/** The rankings' line on the Bank, the players' common opponent, leading to its page. */
export function BankLine() {
  const client = useClient()
  const logic = useMemo(() => provideBank(bankMachine, client.effects), [client])
  const report = useSelector(useActorRef(logic, { input: {} }), selectLoaded)
  return (
    <styled.p color="fg.muted" fontSize="sm">
      {report
        ? `The Bank has won ${pots(report.potsWon.count)} nobody called and lost ${pots(report.potsLost.count)}. `
        : 'The Bank takes the pots nobody calls. '}
      <Link href="/bank">
        <styled.span textDecoration="underline">See the Bank</styled.span>
      </Link>
    </styled.p>
  )
}
