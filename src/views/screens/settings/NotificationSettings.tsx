import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import { isLoggedInUser } from '~/api/guest-user'
import type { NotificationChannel, NotificationKind } from '~/domain/settings-patch'
import { selectUser } from '~/machines/session.select'
import { type SettingsFormMachine, selectShownSettings } from '~/machines/settings-form.machine'
import { useClient } from '~/views/client-context'
import { PushNote } from '~/views/push/PushNote'
import { Switch } from '~/views/ui'
import { ConfirmEmailNote } from './ConfirmEmailNote'
import { SettingsSection } from './SettingsSection'

const kinds: readonly { kind: NotificationKind; label: string; description: string }[] = [
  {
    kind: 'importantMessages',
    label: 'Important messages',
    description: 'News about your account and the game.',
  },
  { kind: 'dailyCloseout', label: 'Daily closeout', description: 'Your results at the end of each day.' },
]

const channels: readonly { channel: NotificationChannel; label: string }[] = [
  { channel: 'email', label: 'by e-mail' },
  { channel: 'push', label: 'as push notification' },
]

/** Spec §3 settings: important messages and the daily closeout, each by e-mail and as push. */
export function NotificationSettings({ form }: { readonly form: ActorRefFrom<SettingsFormMachine> }) {
  const client = useClient()
  const settings = useSelector(form, selectShownSettings)
  const user = useSelector(client.session, selectUser)
  if (!settings) return null
  return (
    <SettingsSection id="settings-notifications" title="Notifications">
      {isLoggedInUser(user) && !user.emailConfirmed && <ConfirmEmailNote email={user.email} />}
      {kinds.map(({ kind, label, description }) => (
        <styled.fieldset key={kind} display="flex" flexDirection="column" gap="2">
          <styled.legend fontWeight="medium">{label}</styled.legend>
          <styled.p fontSize="sm" color="fg.muted">
            {description}
          </styled.p>
          <styled.div display="flex" flexWrap="wrap" gap={{ base: '3', sm: '8' }}>
            {channels.map(({ channel, label: channelLabel }) => (
              <Switch.Root
                key={channel}
                checked={settings.notifications[kind][channel]}
                onCheckedChange={({ checked }) =>
                  form.send({ type: 'settings.notificationToggled', kind, channel, on: checked })
                }
              >
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
                <Switch.Label>{`${label} ${channelLabel}`}</Switch.Label>
                {/* a native checkbox: role switch makes screen readers say on / off */}
                <Switch.HiddenInput role="switch" />
              </Switch.Root>
            ))}
          </styled.div>
        </styled.fieldset>
      ))}
      <PushNote push={client.push} />
    </SettingsSection>
  )
}
