import type { SnapshotFrom } from 'xstate'
import { isInTab, type PollsTab } from '../domain/poll-view'
import type { PollsMachine } from './polls.machine'
import type { PollsData } from './polls.types'
import { selectStoreStatus } from './store.select'
import type { StoreContext } from './store.types'

type PollsSnapshot = SnapshotFrom<PollsMachine>

/**
 * How the polls show: a failed load with nothing received is a failure, not "no poll is running"; a
 * tab's own emptiness is the view's (the polls of the other tab count as data here).
 */
export const selectPollsLoadStatus = (snapshot: PollsSnapshot) =>
  selectStoreStatus(snapshot, snapshot.context.data.received.length > 0)

/** The polls store's clock (epoch ms): phases and relative times are taken at it. */
export const selectPollsNow = (context: StoreContext<PollsData>) => context.data.now

/** One shown poll. */
export const selectPoll = (context: StoreContext<PollsData>, pollId: number | undefined) =>
  context.data.polls.find((poll) => poll.pollId === pollId)

/** Whether a bet on the poll is kept here only: being sent, or its post failed (spec §4). */
export const selectHasLocalVote = (context: StoreContext<PollsData>, pollId: number) =>
  context.data.localVotes.some((vote) => vote.pollId === pollId)

/** The polls of a tab of the polls page: Running (open and closed) or Finished (evaluated). */
export const selectPollsOfTab = (context: StoreContext<PollsData>, tab: PollsTab) =>
  context.data.polls.filter((poll) => isInTab(poll.phase, tab))
