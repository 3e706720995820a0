import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { Link as RouterLink } from 'wouter'
import { signalScoreDescription, signalScoreText } from '~/domain/signal-texts'
import { selectAuthorScore } from '~/machines/author-scores.machine'
import { useClient } from '~/views/client-context'

// one class for every card: the stream renders many rows a second
const badgeClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '1.5',
  borderRadius: 'l1',
  fontSize: 'xs',
  fontWeight: 'medium',
  fontVariantNumeric: 'tabular-nums',
  bg: 'bg.subtle',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
})

/**
 * A message card's author badge: the author's signal score (how often the crowd's reading of their
 * messages proved right, src/domain/author-score.ts), a link to the author's page. Nothing while the
 * scores load or for an author not among them.
 */
export function AuthorBadge({ handle }: { readonly handle: string }) {
  const client = useClient()
  const entry = useSelector(client.authorScores, (snapshot) => selectAuthorScore(snapshot, handle))
  if (!entry) return null
  const description = signalScoreDescription(entry)
  return (
    <RouterLink
      href={`/authors/${encodeURIComponent(entry.author)}`}
      className={badgeClass}
      aria-label={description}
      title={description}
      data-author-badge={entry.author}
    >
      {`Signal ${signalScoreText(entry.score)}`}
    </RouterLink>
  )
}
