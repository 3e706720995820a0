import type { Trend } from '~/domain/prediction'

/**
 * The live stream's keyboard scheme (shown in the 'Keyboard shortcuts' hint and as aria-keyshortcuts):
 * j / ArrowDown next message, k / ArrowUp previous, Home / End first / last, u tag Up, d tag Down,
 * p pause or resume. Letters follow feed readers (j/k); arrows are what screen-reader users try first.
 */
export type FeedAction =
  | { readonly kind: 'move'; readonly to: 'next' | 'previous' | 'first' | 'last' }
  | { readonly kind: 'tag'; readonly trend: Trend }
  | { readonly kind: 'togglePause' }

interface KeyPress {
  readonly key: string
  readonly ctrlKey: boolean
  readonly metaKey: boolean
  readonly altKey: boolean
}

const actions: Readonly<Record<string, FeedAction>> = {
  j: { kind: 'move', to: 'next' },
  ArrowDown: { kind: 'move', to: 'next' },
  k: { kind: 'move', to: 'previous' },
  ArrowUp: { kind: 'move', to: 'previous' },
  Home: { kind: 'move', to: 'first' },
  End: { kind: 'move', to: 'last' },
  u: { kind: 'tag', trend: 'Up' },
  d: { kind: 'tag', trend: 'Down' },
  p: { kind: 'togglePause' },
}

/** The action of a key press in the feed; none with a modifier held (browser and reader shortcuts win). */
export function feedActionOf(press: KeyPress): FeedAction | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey) return undefined
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key
  return Object.hasOwn(actions, key) ? actions[key] : undefined
}

/** Where focus goes from `index` in a list of `count` messages (clamped, no wrapping). */
export function movedIndex(to: 'next' | 'previous' | 'first' | 'last', index: number, count: number): number {
  if (count === 0) return -1
  if (to === 'first') return 0
  if (to === 'last') return count - 1
  return Math.min(count - 1, Math.max(0, index + (to === 'next' ? 1 : -1)))
}

/** Where focus goes when the message at `index` leaves the list (tagged): the next one, else the one before. */
export const indexAfterRemoval = (index: number, count: number) => (index + 1 < count ? index + 1 : index - 1)

/** aria-keyshortcuts of a message and of the tag buttons. */
export const feedKeyShortcuts = {
  message: 'J K ArrowDown ArrowUp Home End U D P',
  up: 'U',
  down: 'D',
  pause: 'P',
} as const

/** The visible 'Keyboard shortcuts' hint, one line per pair. */
export const feedShortcutHints: readonly { readonly keys: string; readonly does: string }[] = [
  { keys: 'J or ↓', does: 'next message' },
  { keys: 'K or ↑', does: 'previous message' },
  { keys: 'U', does: 'predict Up' },
  { keys: 'D', does: 'predict Down' },
  { keys: 'P', does: 'pause or resume the stream' },
]
