import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { provideAuthorDetail, provideAuthorsBoard } from '~/actors/signal.actors'
import { selectLoaded, selectLoadFailure, selectLoading } from '~/machines/loader.machine'
import { authorDetailMachine, authorsBoardMachine } from '~/machines/signal-loaders.machine'
import { useClient } from '~/views/client-context'

/** One page of the authors' leaderboard, loaded while mounted (remount with a `key` for another page). */
export function useAuthorsBoard(offset: number) {
  const client = useClient()
  const logic = useMemo(() => provideAuthorsBoard(authorsBoardMachine, client.effects), [client])
  const loader = useActorRef(logic, { ...client.actorOptions, input: { offset } })
  return {
    page: useSelector(loader, selectLoaded),
    loading: useSelector(loader, selectLoading),
    failure: useSelector(loader, selectLoadFailure),
    retry: () => loader.send({ type: 'loader.reload' }),
  }
}

/** An author's page, loaded while mounted (remount with a `key` for another author). */
export function useAuthorDetail(username: string) {
  const client = useClient()
  const logic = useMemo(() => provideAuthorDetail(authorDetailMachine, client.effects), [client])
  const loader = useActorRef(logic, { ...client.actorOptions, input: { username } })
  return {
    author: useSelector(loader, selectLoaded),
    loading: useSelector(loader, selectLoading),
    failure: useSelector(loader, selectLoadFailure),
    retry: () => loader.send({ type: 'loader.reload' }),
  }
}
