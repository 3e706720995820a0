import {
  CircleAlertIcon,
  CircleCheckIcon,
  InfoIcon,
  type LucideIcon,
  TriangleAlertIcon,
  XIcon,
} from 'lucide-react'
import { styled } from 'styled-system/jsx'
import type { NoticeKind } from '~/machines/notices'
import type { ShownNotice } from '~/machines/notifications.types'
import { IconButton } from '~/views/ui'
import { NoticeCountdown } from './NoticeCountdown'

/**
 * Each kind's palette and icon: colour is never the only sign, the icon and its label say it too
 * (the theme has no amber: warnings take the accent).
 */
const looks: Record<NoticeKind, { palette: string; icon: LucideIcon; label: string }> = {
  positive: { palette: 'up', icon: CircleCheckIcon, label: 'Success' },
  negative: { palette: 'down', icon: CircleAlertIcon, label: 'Error' },
  warning: { palette: 'accent', icon: TriangleAlertIcon, label: 'Warning' },
  info: { palette: 'gray', icon: InfoIcon, label: 'Information' },
}

/** One notice: icon, message, caption (or the retry countdown) and a dismiss button. */
export function NoticeToast({
  notice,
  onDismiss,
}: {
  readonly notice: ShownNotice
  readonly onDismiss: () => void
}) {
  const look = looks[notice.kind]
  return (
    // no role of its own: the Notices region is the live region that announces it
    <styled.div
      data-kind={notice.kind}
      colorPalette={look.palette}
      display="flex"
      alignItems="flex-start"
      gap="3"
      p="3"
      pl="4"
      borderRadius="l2"
      borderLeftWidth="4px"
      borderColor="colorPalette.9"
      bg="bg.default"
      boxShadow="lg"
    >
      <styled.span color="colorPalette.11" mt="0.5" flexShrink="0">
        <look.icon size={18} aria-label={look.label} role="img" />
      </styled.span>
      <styled.div flex="1" minW="0">
        <styled.p fontWeight="semibold" fontSize="sm" color="fg.default" overflowWrap="anywhere">
          {notice.message}
        </styled.p>
        {notice.countdown ? (
          <NoticeCountdown timeoutMs={notice.timeoutMs} />
        ) : notice.caption ? (
          <styled.p fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {notice.caption}
          </styled.p>
        ) : null}
      </styled.div>
      <IconButton aria-label="Dismiss notification" variant="ghost" size="xs" onClick={onDismiss}>
        <XIcon aria-hidden />
      </IconButton>
    </styled.div>
  )
}
