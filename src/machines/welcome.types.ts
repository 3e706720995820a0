import type { Settings } from '../api/settings'

export interface WelcomeInput {
  /** how many slides the page shows (spec §2: 4) */
  readonly slides: number
  /** where to go after 'Let's play!': a path of this app @default '/' */
  readonly next?: string
}

export interface WelcomeContext {
  readonly slides: number
  /** the slide shown, from 0 */
  readonly slide: number
  readonly next: string
  /** why saving the settings failed */
  readonly error?: string
}

export type WelcomeEvent =
  | { readonly type: 'welcome.next' }
  | { readonly type: 'welcome.previous' }
  | { readonly type: 'welcome.show'; readonly slide: number }
  /** 'Let's play!' on the last slide: clears isFirstTimeUser, then goes to `next` */
  | { readonly type: 'welcome.finish' }

export type { Settings }
