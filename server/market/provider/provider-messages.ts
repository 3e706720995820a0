import type { ServerMessage, Title } from '../../../src/api/market'
import { locateMention, type Span, validSpan } from './mentions'
import { epochMs, type ProviderMessage } from './provider-shapes'

/** What the mapping needs to know of our universe. */
export interface TitleLookup {
  title(id: number): Title | undefined
  /** the short name texts use ('Apple'), if we know one */
  alias(id: number): string | undefined
}

/**
 * A provider message in the spec's server shape, or undefined when it cannot be one: no id, text, time
 * or author, or no title of our universe that the text names. Mentions keep the provider's indices when
 * they fit the text; otherwise they are found in the text (cashtag, then name); a title the text does
 * not name is dropped.
 */
export function toServerMessage(
  message: ProviderMessage,
  titles: TitleLookup,
  now: number,
): ServerMessage | undefined {
  const id = message.message_id ?? message.id
  const tweet = message.tweet ?? message.text
  const time = epochMs(message.t ?? message.time)
  const user = message.twitter_user ?? message.author
  const name = user?.name?.trim()
  const handle = (user?.screen_name ?? user?.username)?.trim().replace(/^@/, '')
  if (id === undefined || String(id) === '' || !tweet || time === undefined || (!name && !handle))
    return undefined

  const taken: Span[] = []
  const mentions: ServerMessage['titles'] = []
  const seen = new Set<number>()
  // Mentions with indices first, so the search for the others avoids the places they hold.
  const ordered = [...(message.titles ?? [])].sort(
    (a, b) =>
      Number(!validSpan(tweet, a.start_index, a.end_index)) -
      Number(!validSpan(tweet, b.start_index, b.end_index)),
  )
  for (const mention of ordered) {
    const titleId = mention.title_id ?? mention.id
    const title = titleId === undefined ? undefined : titles.title(titleId)
    if (!title) continue
    const span = validSpan(tweet, mention.start_index, mention.end_index)
      ? { start: mention.start_index as number, end: mention.end_index as number }
      : seen.has(title.id)
        ? undefined
        : locateMention(tweet, title, titles.alias(title.id), taken)
    if (!span) continue
    seen.add(title.id)
    taken.push(span)
    mentions.push({ title_id: title.id, start_index: span.start, end_index: span.end })
  }
  if (mentions.length === 0) return undefined
  mentions.sort((a, b) => a.start_index - b.start_index)

  const sub = message.sub?.trim()
  return {
    message_id: String(id),
    twitter_user: {
      profile_image_url: user?.profile_image_url ?? '',
      name: name || (handle as string),
      screen_name: handle || (name as string).replace(/\s+/g, ''),
    },
    tweet,
    ...(sub ? { sub } : {}),
    t: Math.floor(Math.min(time, now) / 1000),
    titles: mentions,
  }
}
