/** A piece of a message's text: plain, or a title mention (`titleId`) to link and price. */
export type TweetSegment =
  | { readonly kind: 'text'; readonly text: string; readonly start: number }
  | { readonly kind: 'title'; readonly text: string; readonly start: number; readonly titleId: number }

/** Where a title is mentioned: `text.slice(startIndex, endIndex)`. */
export interface TitleMention {
  readonly titleId: number
  readonly startIndex: number
  readonly endIndex: number
}

/**
 * Splits a message into plain text and title mentions by the mentions' exact indices (spec §3
 * "titles (titleId, startIndex, endIndex)"). Mentions are taken in text order; one that is empty, out
 * of the text or overlapping an earlier one is left as plain text, so the text always reads whole:
 * the segments joined are the message.
 */
export function splitTweet(text: string, mentions: readonly TitleMention[]): TweetSegment[] {
  const ordered = [...mentions]
    .filter(
      (mention) =>
        Number.isInteger(mention.startIndex) &&
        Number.isInteger(mention.endIndex) &&
        mention.startIndex >= 0 &&
        mention.endIndex <= text.length &&
        mention.startIndex < mention.endIndex,
    )
    .sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex)
  const segments: TweetSegment[] = []
  let cursor = 0
  for (const mention of ordered) {
    if (mention.startIndex < cursor) continue // overlaps the previous mention
    if (mention.startIndex > cursor)
      segments.push({ kind: 'text', text: text.slice(cursor, mention.startIndex), start: cursor })
    segments.push({
      kind: 'title',
      text: text.slice(mention.startIndex, mention.endIndex),
      start: mention.startIndex,
      titleId: mention.titleId,
    })
    cursor = mention.endIndex
  }
  if (cursor < text.length) segments.push({ kind: 'text', text: text.slice(cursor), start: cursor })
  return segments
}
