import { memo, useId } from 'react'
import { css, cx } from 'styled-system/css'
import { avatar } from 'styled-system/recipes'
import { formatTime, isoDateTime } from '~/domain/date-format'
import type { LiveStreamMessage } from '~/domain/live-stream'
import type { Trend } from '~/domain/prediction'
import { AuthorBadge } from '~/views/authors/AuthorBadge'
import { hideBrokenPicture } from '~/views/common/hide-broken-picture'
import { feedKeyShortcuts } from './feed-keys'
import { MessageText } from './MessageText'
import { TagButtons } from './TagButtons'
import { TitlePrice } from './TitlePrice'
import { useTagRefusals } from './use-tag-refusals'

export interface MessageRowProps {
  readonly message: LiveStreamMessage
  /** the one message reached by Tab (roving focus); arrows and j/k move it */
  readonly tabbable: boolean
  readonly onTag: (message: LiveStreamMessage, trend: Trend, from: HTMLElement) => void
}

// class names built once: style props would be resolved again for every row at 50 messages a second
const avatarSlots = avatar({ size: 'sm' })
const styles = {
  row: css({
    display: 'flex',
    gap: '3',
    p: '3',
    borderBottomWidth: '1px',
    outline: 'none',
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
    // a new row on top moves all the others: rows out of view are neither laid out nor painted again
    // (their last size stands in); a row is its own layout and paint island
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 8rem',
  }),
  // Park UI's avatar without Ark's image-loading machine (one per row): the picture lies over the
  // initials and hides them once it has loaded; a picture that fails is hidden and they show
  avatar: cx(avatarSlots.root, css({ position: 'relative' })),
  avatarImage: cx(avatarSlots.image, css({ position: 'absolute', inset: '0' })),
  avatarFallback: avatarSlots.fallback,
  body: css({ display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0', flex: '1' }),
  byline: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: '2', fontSize: 'sm' }),
  name: css({ fontWeight: 'semibold' }),
  handle: css({ color: 'fg.muted' }),
  time: css({ color: 'fg.muted', fontSize: 'xs' }),
  sub: css({ fontSize: 'sm', color: 'fg.muted', borderLeftWidth: '2px', pl: '2' }),
  actions: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
  }),
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('')

/**
 * One message of the live stream (spec §3): avatar, name, @username, time, the text with its title
 * mentions, the sub text, the main title's price and the Up / Down predictions (those fair play refuses
 * disabled, saying why). Memoised: a new message
 * renders its own row only.
 */
export const MessageRow = memo(function MessageRow({ message, tabbable, onTag }: MessageRowProps) {
  const id = useId()
  const refusals = useTagRefusals(message.mainTitleId)
  return (
    <article
      data-message-id={message.id}
      tabIndex={tabbable ? 0 : -1}
      aria-labelledby={`${id}-author`}
      aria-describedby={`${id}-text`}
      aria-keyshortcuts={feedKeyShortcuts.message}
      className={styles.row}
    >
      <div className={styles.avatar}>
        <span className={styles.avatarFallback} aria-hidden>
          {initialsOf(message.name)}
        </span>
        <img className={styles.avatarImage} src={message.avatarUrl} alt="" onError={hideBrokenPicture} />
      </div>
      <div className={styles.body}>
        <div className={styles.byline}>
          <span id={`${id}-author`}>
            <span className={styles.name}>{message.name}</span>{' '}
            <span className={styles.handle}>{message.username}</span>
          </span>
          <AuthorBadge handle={message.username} />
          <time dateTime={isoDateTime(message.date)} className={styles.time}>
            {formatTime(message.date)}
          </time>
        </div>
        <MessageText id={`${id}-text`} text={message.text} titles={message.titles} />
        {message.tweetContent ? <p className={styles.sub}>{message.tweetContent}</p> : null}
        <div className={styles.actions}>
          <TitlePrice id={`${id}-price`} titleId={message.mainTitleId} />
          <TagButtons
            describedBy={`${id}-price`}
            refusals={refusals}
            onTag={(trend, from) => onTag(message, trend, from)}
          />
        </div>
      </div>
    </article>
  )
})
