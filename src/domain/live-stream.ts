/** Where a title is mentioned in a message's text: `text.slice(startIndex, endIndex)`. */
export interface LiveStreamTitle {
  readonly titleId: number
  readonly startIndex: number
  readonly endIndex: number
}

/** A message of the live stream as the client shows it (spec §3 "Live stream message"). */
export interface LiveStreamMessage {
  /** the server's message_id */
  readonly id: string
  /** the author's avatar, over https (http only for a local development server) */
  readonly avatarUrl: string
  readonly name: string
  /** '@' and the handle */
  readonly username: string
  /** creation time, epoch milliseconds (the server sends seconds) */
  readonly date: number
  /** the message itself, which `titles` index into (the spec's entity omits it; the view needs it) */
  readonly text: string
  /** the optional sub-text (a quoted headline) */
  readonly tweetContent?: string
  /** the mentioned title that comes first in the known-title list: the one a prediction is about */
  readonly mainTitleId: number
  readonly titles: readonly LiveStreamTitle[]
}

/**
 * A message as the server sends it (untagged messages, 'message' pushes), loosely: pushes are not
 * trusted to carry every field.
 */
export interface IncomingMessage {
  readonly message_id: string
  readonly twitter_user?: {
    readonly profile_image_url: string
    readonly name: string
    readonly screen_name: string
  } | null
  readonly tweet?: string
  readonly sub?: string
  readonly t: number
  readonly titles?: readonly { title_id: number; start_index: number; end_index: number }[] | null
}

/** What the mapping needs to know about the app's other stores. */
export interface LiveStreamEnvironment {
  /** the known titles in their list order */
  readonly titleIds: readonly number[]
  /** titles with a tick price */
  readonly pricedTitleIds: readonly number[]
  /** messages the user has tagged already */
  readonly taggedMessageIds: readonly string[]
}

/** A message dropped because the title it is about has no price yet (spec §5: reported). */
export interface MissingTick {
  readonly messageId: string
  readonly titleId: number
}

export type LiveStreamMapping =
  | { readonly kept: LiveStreamMessage }
  | { readonly skipped: 'noUser' | 'noTitles' | 'noKnownTitle' | 'tagged' }
  | { readonly skipped: 'noTick'; readonly missing: MissingTick }

const localHosts = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|.+\.localhost)$/i

/**
 * The avatar over https, so a page served over https shows it without a mixed-content warning. A
 * development server on localhost serves avatars over plain http and has no https, so its URLs stay.
 */
export function secureAvatarUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url // relative: served by the page's own origin
  }
  if (parsed.protocol !== 'http:' || localHosts.test(parsed.hostname)) return url
  parsed.protocol = 'https:'
  return parsed.toString()
}

const withAt = (handle: string) => (handle.startsWith('@') ? handle : `@${handle}`)

// the known-title list changes rarely, messages arrive 50 a second: its positions are worked out once
const titleOrders = new WeakMap<readonly number[], ReadonlyMap<number, number>>()

function titleOrder(titleIds: readonly number[]): ReadonlyMap<number, number> {
  let order = titleOrders.get(titleIds)
  if (!order) {
    order = new Map(titleIds.map((id, index) => [id, index]))
    titleOrders.set(titleIds, order)
  }
  return order
}

/**
 * Spec §3, §5: a server message as a live stream message, or why it is skipped: no author, no titles,
 * no known title, already tagged, or none of its known titles has a tick price ("kept only if one of
 * its titles is known and has a tick price"; the main title, the earliest in the known-title list, is
 * reported then).
 */
export function toLiveStreamMessage(message: IncomingMessage, env: LiveStreamEnvironment): LiveStreamMapping {
  const user = message.twitter_user
  if (!user) return { skipped: 'noUser' }
  const titles = message.titles ?? []
  if (titles.length === 0) return { skipped: 'noTitles' }
  const order = titleOrder(env.titleIds)
  const known = titles
    .map((title) => title.title_id)
    .filter((id) => order.has(id))
    .sort((a, b) => (order.get(a) as number) - (order.get(b) as number))
  const mainTitleId = known[0]
  if (mainTitleId === undefined) return { skipped: 'noKnownTitle' }
  if (env.taggedMessageIds.includes(message.message_id)) return { skipped: 'tagged' }
  if (!known.some((id) => env.pricedTitleIds.includes(id)))
    return { skipped: 'noTick', missing: { messageId: message.message_id, titleId: mainTitleId } }
  return {
    kept: {
      id: message.message_id,
      avatarUrl: secureAvatarUrl(user.profile_image_url),
      name: user.name,
      username: withAt(user.screen_name),
      date: message.t * 1000,
      text: message.tweet ?? '',
      ...(message.sub === undefined ? {} : { tweetContent: message.sub }),
      mainTitleId,
      titles: titles.map((title) => ({
        titleId: title.title_id,
        startIndex: title.start_index,
        endIndex: title.end_index,
      })),
    },
  }
}

/** The live stream of a batch of messages, newest first, without duplicates, and the ticks it missed. */
export function toLiveStream(
  messages: readonly IncomingMessage[],
  env: LiveStreamEnvironment,
): { messages: LiveStreamMessage[]; missingTicks: MissingTick[] } {
  const kept = new Map<string, LiveStreamMessage>()
  const missingTicks: MissingTick[] = []
  for (const message of messages) {
    const mapped = toLiveStreamMessage(message, env)
    if ('kept' in mapped) kept.set(mapped.kept.id, mapped.kept)
    else if (mapped.skipped === 'noTick') missingTicks.push(mapped.missing)
  }
  return { messages: [...kept.values()].sort((a, b) => b.date - a.date), missingTicks }
}

/** The live stream keeps this many messages; older ones fall off as pushes arrive. */
export const maxLiveStreamMessages = 200

/**
 * Adds a pushed message to the stream (newest first) in its place, before the messages as old as it;
 * a copy of a known id is replaced; the newest 200 are kept. Pushes are mostly the newest message, so
 * its place is found at the front: one pass, no sort.
 */
export function addToLiveStream(
  stream: readonly LiveStreamMessage[],
  message: LiveStreamMessage,
): LiveStreamMessage[] {
  const next: LiveStreamMessage[] = []
  let placed = false
  for (const known of stream) {
    if (next.length === maxLiveStreamMessages) break
    if (!placed && known.date <= message.date) {
      next.push(message)
      placed = true
      if (next.length === maxLiveStreamMessages) break
    }
    if (known.id !== message.id) next.push(known)
  }
  if (!placed && next.length < maxLiveStreamMessages) next.push(message)
  return next
}
