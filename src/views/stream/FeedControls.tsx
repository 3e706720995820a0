import { memo } from 'react'
import { styled } from 'styled-system/jsx'
import { newMessagesText } from '~/domain/live-feed'
import { Switch } from '~/views/ui'
import { feedKeyShortcuts } from './feed-keys'

/**
 * The pause switch, the count of messages held back while paused, and the polite live region that
 * announces arrivals as a count (never the tweets themselves).
 */
export const FeedControls = memo(function FeedControls({
  paused,
  heldBack,
  announcement,
  onTogglePause,
}: {
  readonly paused: boolean
  readonly heldBack: number
  readonly announcement: string
  readonly onTogglePause: () => void
}) {
  return (
    <styled.div display="flex" flexWrap="wrap" alignItems="center" gap="3">
      <Switch.Root checked={paused} onCheckedChange={onTogglePause} size="sm">
        <Switch.HiddenInput role="switch" aria-keyshortcuts={feedKeyShortcuts.pause} />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>Pause stream</Switch.Label>
      </Switch.Root>
      {paused ? (
        <styled.span fontSize="sm" color="fg.muted">
          {`Paused: ${newMessagesText(heldBack)} waiting`}
        </styled.span>
      ) : null}
      <styled.p role="status" aria-live="polite" aria-atomic="true" srOnly>
        {announcement}
      </styled.p>
    </styled.div>
  )
})
