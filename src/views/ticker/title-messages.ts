import type { LiveStreamMessage } from '~/domain/live-stream'

/**
 * The same messages in the same order: a title's message list is filtered anew on every change of the
 * live stream (50 pushes a second), and only a change of its own messages re-renders the list.
 */
export const sameMessages = (a: readonly LiveStreamMessage[], b: readonly LiveStreamMessage[]) =>
  a.length === b.length && a.every((message, i) => message === b[i])
