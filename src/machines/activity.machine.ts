import type { SnapshotFrom } from 'xstate'
import { type ActivityElement, type ActivityGroup, groupActivity } from '../domain/activity-grouping'
import { createStoreMachine } from './store.machine'
import { selectStoreStatus } from './store.select'
import type { StoreContext } from './store.types'

/**
 * Spec §3 "Activity stream", §9: the activity stream store. `loadStore` resolves with the elements; the
 * store holds them grouped (same type within an hour merged, at most 20 groups, evaluated predictions
 * apart from predicted ones). Kept in local storage (spec §9).
 */
export const activityMachine = createStoreMachine<readonly ActivityGroup[], readonly ActivityElement[]>({
  id: 'activityStream',
  initialData: [],
  toData: (elements) => groupActivity(elements),
  persist: true,
})

export type ActivityMachine = typeof activityMachine

export const selectActivityGroups = (context: StoreContext<readonly ActivityGroup[]>) => context.data

/** How the stream shows: a failed load with no groups kept is a failure, not "no activity yet". */
export const selectActivityLoadStatus = (snapshot: SnapshotFrom<ActivityMachine>) =>
  selectStoreStatus(snapshot, snapshot.context.data.length > 0)

/** The next poll the server announced (the stream's PollAnnouncement): its start and the schedule's zone. */
export function selectAnnouncedPoll(
  context: StoreContext<readonly ActivityGroup[]>,
): { readonly startTime: number; readonly timeZone?: string } | undefined {
  const group = context.data.find((candidate) => candidate.type === 'PollAnnouncement')
  const data = group?.elements[0]?.data as { startTime?: unknown; timeZone?: unknown } | undefined
  if (typeof data?.startTime !== 'number') return undefined
  return typeof data.timeZone === 'string'
    ? { startTime: data.startTime, timeZone: data.timeZone }
    : { startTime: data.startTime }
}
