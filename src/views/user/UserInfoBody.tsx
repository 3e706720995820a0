import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { provideUserInfo } from '~/actors/account-screens.actors'
import { formatTtc } from '~/domain/number-format'
import { userInfoMachine } from '~/machines/account-loaders.machine'
import { selectLoaded, selectLoadFailure, selectLoading } from '~/machines/loader.machine'
import { rankText } from '~/views/account/account-texts'
import { UserAvatar } from '~/views/account/UserAvatar'
import { useClient } from '~/views/client-context'
import { ListLoadFailure } from '~/views/common/ListLoadFailure'
import { SkillFigures } from '~/views/skill/SkillFigures'
import { Dialog, Skeleton } from '~/views/ui'
import { TrophyCounts } from './TrophyCounts'
import { UserStats } from './UserStats'

/** The dialog's content: loads the player while shown, then the header and the figures. */
export function UserInfoBody({ userId }: { readonly userId: number }) {
  const client = useClient()
  const logic = useMemo(() => provideUserInfo(userInfoMachine, client.effects), [client])
  const loader = useActorRef(logic, { ...client.actorOptions, input: { userId } })
  const user = useSelector(loader, selectLoaded)
  const loading = useSelector(loader, selectLoading)
  const failure = useSelector(loader, selectLoadFailure)
  return (
    <styled.div display="flex" flexDirection="column" gap="5" aria-busy={loading}>
      <styled.div display="flex" alignItems="center" gap="3" pr="8">
        {user ? (
          <UserAvatar username={user.username} size="lg" />
        ) : (
          <Skeleton boxSize="12" borderRadius="full" />
        )}
        <div>
          <Dialog.Title>{user ? user.username : 'User info'}</Dialog.Title>
          <Dialog.Description>
            {user
              ? `${rankText('Last week', user.rank)} · ${rankText('This week', user.liveRank)}`
              : 'Loading the player…'}
          </Dialog.Description>
        </div>
      </styled.div>
      {failure ? (
        <ListLoadFailure text={failure} onRetry={() => loader.send({ type: 'loader.reload' })} />
      ) : null}
      {loading ? (
        <styled.div display="flex" flexDirection="column" gap="3">
          <Skeleton h="16" />
          <Skeleton h="24" />
        </styled.div>
      ) : null}
      {user ? (
        <>
          <TrophyCounts badges={user.userBadges} />
          <styled.p fontSize="sm">
            Balance <styled.strong fontVariantNumeric="tabular-nums">{formatTtc(user.balance)}</styled.strong>
          </styled.p>
          <UserStats user={user} />
          <SkillFigures userId={user.id} />
        </>
      ) : null}
    </styled.div>
  )
}
