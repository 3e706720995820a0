import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { provideUserSkill } from '~/actors/signal.actors'
import { selectLoaded, selectLoadFailure, selectLoading } from '~/machines/loader.machine'
import { userSkillMachine } from '~/machines/signal-loaders.machine'
import { useClient } from '~/views/client-context'

/** A player's skill, loaded while the caller is mounted: what it shows, and Retry. */
export function useUserSkill(userId: number) {
  const client = useClient()
  const logic = useMemo(() => provideUserSkill(userSkillMachine, client.effects), [client])
  const loader = useActorRef(logic, { ...client.actorOptions, input: { userId } })
  return {
    skill: useSelector(loader, selectLoaded),
    loading: useSelector(loader, selectLoading),
    failure: useSelector(loader, selectLoadFailure),
    retry: () => loader.send({ type: 'loader.reload' }),
  }
}
