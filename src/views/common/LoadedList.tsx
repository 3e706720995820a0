import type { ReactNode } from 'react'
import type { LoadStatus } from '~/machines/load-retry'
import { ListLoadFailure } from './ListLoadFailure'

export interface LoadedListProps {
  /** the list's load status (each store's `select…LoadStatus`) */
  readonly status: LoadStatus
  /** the spec's fetch-error text of the list */
  readonly failureText: string
  readonly onRetry: () => void
  /** the list itself: its skeleton while `loading`, its empty text when `empty`, else its items */
  readonly children: ReactNode
}

/**
 * How every loaded list decides what to show: a failed load with nothing to show is a failure with
 * Retry in the list's place, never its empty text; a failed refresh keeps the list, with a notice above.
 */
export function LoadedList({ status, failureText, onRetry, children }: LoadedListProps) {
  if (status === 'failed') return <ListLoadFailure text={failureText} onRetry={onRetry} />
  return (
    <>
      {status === 'refreshFailed' && <ListLoadFailure text={failureText} onRetry={onRetry} stale />}
      {children}
    </>
  )
}
