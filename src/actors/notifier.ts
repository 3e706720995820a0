import type { Notice } from '../machines/notices'

export type { Notice, NoticeKind } from '../machines/notices'

/** Shows notices; the notifications machine (or a test) implements it. */
export interface Notifier {
  show(notice: Notice): void
}
