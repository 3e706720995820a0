import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { provideSettingsForm } from '~/actors/account-screens.actors'
import { selectSettings } from '~/machines/session.select'
import {
  selectSettingsFetchFailed,
  selectSettingsFetching,
  settingsFormMachine,
} from '~/machines/settings-form.machine'
import { settingsTexts } from '~/machines/settings-form.types'
import { useClient } from '~/views/client-context'
import { ListLoadFailure } from '~/views/common/ListLoadFailure'
import { ScreenSkeleton } from '~/views/common/ScreenSkeleton'
import { Heading } from '~/views/ui'
import { AppUpdateSection } from './AppUpdateSection'
import { ChangeEmailSection } from './ChangeEmailSection'
import { ChangePasswordSection } from './ChangePasswordSection'
import { DeleteAccountSection } from './DeleteAccountSection'
import { NotificationSettings } from './NotificationSettings'
import { SaveStatus } from './SaveStatus'
import { WatchListSettings } from './WatchListSettings'
import { YourDataSection } from './YourDataSection'

/**
 * Spec §2 /settings (signed-in only): notifications, watch list, the e-mail address, the password, app
 * update and reload, delete account.
 */
export function Settings() {
  const client = useClient()
  const settings = useSelector(client.session, selectSettings)
  const logic = useMemo(
    () => provideSettingsForm(settingsFormMachine, { ...client.effects, session: client.session }),
    [client],
  )
  // the session's copy at mount; the form keeps its own from then on and tells the session each save
  const form = useActorRef(logic, { input: { settings } })
  const fetching = useSelector(form, selectSettingsFetching)
  const fetchFailed = useSelector(form, selectSettingsFetchFailed)
  return (
    <styled.div display="flex" flexDirection="column" gap="8" maxW="3xl">
      <styled.div display="flex" alignItems="baseline" justifyContent="space-between" gap="4" flexWrap="wrap">
        <Heading as="h1" size="2xl">
          Settings
        </Heading>
        <SaveStatus form={form} />
      </styled.div>
      {fetching ? <ScreenSkeleton rows={2} /> : null}
      {fetchFailed ? (
        <ListLoadFailure
          text={settingsTexts.fetchFailed}
          onRetry={() => form.send({ type: 'settings.retry' })}
        />
      ) : null}
      {!fetching && !fetchFailed ? (
        <>
          <NotificationSettings form={form} />
          <WatchListSettings form={form} />
        </>
      ) : null}
      <ChangeEmailSection />
      <ChangePasswordSection />
      <AppUpdateSection />
      <YourDataSection />
      <DeleteAccountSection />
    </styled.div>
  )
}
