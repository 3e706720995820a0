import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { SnapshotFrom } from 'xstate'
import type { NotificationsMachine } from '~/machines/notifications.machine'
import { useClient } from '~/views/client-context'
import { NoticeToast } from './NoticeToast'

const selectNotices = (snapshot: SnapshotFrom<NotificationsMachine>) => snapshot.context.notices

/**
 * The notifications actor's notices (spec §8), newest at the bottom, in one polite live region so
 * screen readers announce each as it appears. Full width above the phone tab bar; a column in the
 * bottom-right corner from the tablet breakpoint. The actor closes them after their timeout.
 */
export function Notices() {
  const client = useClient()
  const notices = useSelector(client.notifications, selectNotices)
  return (
    <styled.section
      aria-label="Notifications"
      aria-live="polite"
      aria-relevant="additions text"
      position="fixed"
      zIndex="toast"
      insetX={{ base: '3', sm: 'auto' }}
      right={{ sm: '4' }}
      bottom={{ base: '20', md: '4' }}
      w={{ sm: 'sm' }}
      pointerEvents="none"
    >
      <styled.ol display="flex" flexDirection="column" gap="2">
        {notices.map((notice) => (
          <styled.li key={notice.id} pointerEvents="auto">
            <NoticeToast notice={notice} onDismiss={() => client.dismissNotice(notice.id)} />
          </styled.li>
        ))}
      </styled.ol>
    </styled.section>
  )
}
