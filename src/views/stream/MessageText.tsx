import { memo, useMemo } from 'react'
import { css } from 'styled-system/css'
import type { LiveStreamTitle } from '~/domain/live-stream'
import { splitTweet } from '~/domain/tweet-segments'
import { TitleMention } from './title-mentions'

// class names built once: style props would be resolved again for every row at 50 messages a second
const styles = {
  text: css({ textStyle: 'sm', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }),
  mention: css({ bg: 'accent.a3', color: 'inherit', borderRadius: 'l1', px: '0.5' }),
  link: css({
    color: 'accent.text',
    textDecoration: 'underline',
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
  }),
}

/**
 * A message's text with its title mentions, cut at their exact indices, as links to the ticker panel,
 * and its web addresses as links.
 */
export const MessageText = memo(function MessageText({
  text,
  titles,
  id,
}: {
  readonly text: string
  readonly titles: readonly LiveStreamTitle[]
  readonly id?: string
}) {
  const segments = useMemo(() => splitTweet(text, titles), [text, titles])
  return (
    <p id={id} className={styles.text}>
      {segments.map((segment) => {
        if (segment.kind === 'title')
          return (
            <mark key={segment.start} className={styles.mention}>
              <TitleMention titleId={segment.titleId}>{segment.text}</TitleMention>
            </mark>
          )
        if (segment.kind === 'link')
          return (
            // someone else's site: a new tab, no referrer, and no ranking credit from us
            <a
              key={segment.start}
              className={styles.link}
              href={segment.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
            >
              {segment.text}
            </a>
          )
        return <span key={segment.start}>{segment.text}</span>
      })}
    </p>
  )
})
