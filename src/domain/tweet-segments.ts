/** A piece of a message's text: plain, a title mention (`titleId`) to link and price, or a web link. */
export type TweetSegment =
  | { readonly kind: 'text'; readonly text: string; readonly start: number }
  | { readonly kind: 'title'; readonly text: string; readonly start: number; readonly titleId: number }
  | { readonly kind: 'link'; readonly text: string; readonly start: number; readonly href: string }

/**
 * Web addresses in plain text: http or https only (no `javascript:` or other schemes), up to the next
 * space; a closing punctuation mark that ends a sentence stays outside.
 */
const webAddress = /https?:\/\/[^\s]+?(?=[.,;:!?)\]]*(?:\s|$))/g

/** A plain piece of text as text and link segments, their starts kept as indices into the message. */
function withLinks(text: string, start: number): TweetSegment[] {
  const segments: TweetSegment[] = []
  let cursor = 0
  for (const match of text.matchAll(webAddress)) {
    const at = match.index ?? 0
    if (at > cursor) segments.push({ kind: 'text', text: text.slice(cursor, at), start: start + cursor })
    segments.push({ kind: 'link', text: match[0], start: start + at, href: match[0] })
    cursor = at + match[0].length
  }
  if (cursor < text.length) segments.push({ kind: 'text', text: text.slice(cursor), start: start + cursor })
  return segments
}

/** Where a title is mentioned: `text.slice(startIndex, endIndex)`. */
export interface TitleMention {
  readonly titleId: number
  readonly startIndex: number
  readonly endIndex: number
}

/**
 * Splits a message into plain text, web links and title mentions by the mentions' exact indices (spec §3
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
      segments.push(...withLinks(text.slice(cursor, mention.startIndex), cursor))
    segments.push({
      kind: 'title',
      text: text.slice(mention.startIndex, mention.endIndex),
      start: mention.startIndex,
      titleId: mention.titleId,
    })
    cursor = mention.endIndex
  }
  if (cursor < text.length) segments.push(...withLinks(text.slice(cursor), cursor))
  return segments
}
