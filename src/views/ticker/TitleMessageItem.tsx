import { useSelector } from '@xstate/react'
import { TrendingDown, TrendingUp } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import type { LiveStreamMessage } from '~/domain/live-stream'
import type { Trend } from '~/domain/prediction'
import { formatRelativeTime } from '~/domain/relative-time'
import { selectLatestPrice, selectRewardFactor, selectUserId } from '~/machines/ticker.select'
import { AuthorBadge } from '~/views/authors/AuthorBadge'
import { useClient } from '~/views/client-context'
import { hideBrokenPicture } from '~/views/common/hide-broken-picture'
import { useClock } from '~/views/polls/use-clock'
import { MessageText } from '~/views/stream/MessageText'
import { useTagRefusals } from '~/views/stream/use-tag-refusals'
import { Button, Text } from '~/views/ui'

/** The two predictions, with the live stream's icons (TagButtons). */
const sides = [
  { trend: 'Up', palette: 'up', Icon: TrendingUp },
  { trend: 'Down', palette: 'down', Icon: TrendingDown },
] as const satisfies readonly { trend: Trend; palette: string; Icon: unknown }[]

interface TitleMessageItemProps {
  readonly message: LiveStreamMessage
  /** the panel's title: the prediction is about it, even when the message names others first */
  readonly titleId: number
  /** told the message's list item before it is tagged (and leaves the list) */
  readonly beforeTagging?: (item: HTMLElement) => void
}

/**
 * One message: author, time, text, and Up / Down to predict the title's move (spec §1 tagging); a
 * direction the fair-play rules refuse is disabled, saying why.
 */
export function TitleMessageItem({ message, titleId, beforeTagging }: TitleMessageItemProps) {
  const client = useClient()
  const now = useClock()
  const headingId = `ticker-message-${message.id}`
  const userId = useSelector(client.session, selectUserId)
  const latest = useSelector(client.prices, (snapshot) => selectLatestPrice(snapshot.context, titleId))
  const rewardFactor = useSelector(client.store('taggedMessages'), (snapshot) =>
    selectRewardFactor(snapshot.context),
  )
  const refusals = useTagRefusals(titleId)
  const reason = refusals.Up ?? refusals.Down
  const reasonId = `${headingId}-refusal`
  const tag = (trend: Trend, button: HTMLElement) => {
    if (!latest) return
    const item = button.closest('li')
    if (item) beforeTagging?.(item)
    client.tag({ userId, titleId, messageId: message.id, trend, atPrice: latest.price, rewardFactor })
  }
  return (
    <styled.li borderWidth="1px" borderRadius="l2" p="3" display="grid" gap="2">
      <styled.article aria-labelledby={headingId} display="grid" gap="2">
        <styled.div display="flex" alignItems="center" gap="2" minW="0">
          <styled.img
            src={message.avatarUrl}
            alt=""
            onError={hideBrokenPicture}
            w="8"
            h="8"
            borderRadius="full"
            flexShrink="0"
          />
          <styled.div minW="0">
            <styled.p id={headingId} fontWeight="semibold" textStyle="sm" truncate>
              {message.name} <styled.span color="fg.muted">{message.username}</styled.span>
            </styled.p>
            <styled.div display="flex" alignItems="center" gap="2">
              <Text textStyle="xs" color="fg.muted">
                {formatRelativeTime(message.date, now)}
              </Text>
              <AuthorBadge handle={message.username} />
            </styled.div>
          </styled.div>
        </styled.div>
        <MessageText text={message.text} titles={message.titles} />
        {message.tweetContent && (
          <Text textStyle="xs" color="fg.muted">
            {message.tweetContent}
          </Text>
        )}
        <styled.div display="flex" gap="2">
          {sides.map(({ trend, palette, Icon }) => (
            <Button
              key={trend}
              size="sm"
              variant="outline"
              colorPalette={palette}
              disabled={!latest || refusals[trend] !== undefined}
              title={refusals[trend]}
              aria-describedby={refusals[trend] ? reasonId : undefined}
              onClick={(event) => tag(trend, event.currentTarget)}
            >
              <Icon aria-hidden /> {trend}
            </Button>
          ))}
        </styled.div>
        {reason && (
          <Text id={reasonId} textStyle="xs" color="fg.muted">
            {reason}
          </Text>
        )}
      </styled.article>
    </styled.li>
  )
}
