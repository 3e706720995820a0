import { sendParent } from 'xstate'
import type { OwnVote, Poll } from '../api/polls'
import { keptPolls } from '../domain/poll-list'
import { type PollPhase, pollPhase } from '../domain/poll-phase'
import { pollLifecycleMachine } from './poll-lifecycle.machine'
import type { PollLifecycleInput, PollPhaseReport } from './poll-lifecycle.types'
import type { PollsData, PollsEvent } from './polls.types'
import { createStoreMachine } from './store.machine'
import type { StoreContext } from './store.types'

export const initialPollsData: PollsData = {
  polls: [],
  received: [],
  localVotes: [],
  now: 0,
  titleIds: [],
  phases: {},
}

const hasVote = (poll: Poll) => poll.votes.length > 0

/** The shown polls, derived again from what the store keeps. */
function derive(data: Omit<PollsData, 'polls'>): PollsData {
  const local = new Map(data.localVotes.map((vote) => [vote.pollId, vote]))
  const withLocal = data.received.map((poll) => {
    const vote = local.get(poll.pollId)
    return vote && !hasVote(poll) ? { ...poll, votes: [vote] } : poll
  })
  const kept = keptPolls(withLocal, data.titleIds, data.now)
  // the phase each poll's lifecycle entered; the phase at `now` until it says
  const polls = kept.map((poll) => {
    const phase = data.phases[poll.pollId]
    return phase === undefined || phase === poll.phase ? poll : { ...poll, phase }
  })
  const phases = Object.fromEntries(
    kept.flatMap((poll) => {
      const phase = data.phases[poll.pollId]
      return phase === undefined ? [] : [[poll.pollId, phase]]
    }),
  )
  return { ...data, polls, phases }
}

/** The id of a poll's lifecycle among the store's children (the inspector lists it as such). */
export const pollActorId = (pollId: number) => `poll.${pollId}`

/** What a poll's lifecycle starts with: its times on the server's clock, and whether it is settled. */
function lifecycleOf(poll: Poll, now: number): PollLifecycleInput {
  return {
    pollId: poll.pollId,
    endTime: poll.endTime,
    evalTime: poll.evalTime,
    settled: poll.settledAt !== null,
    now,
  }
}

/** The lifecycle of one poll as the store runs it: each phase it enters is the store's to show. */
export const reportingPollLifecycle = pollLifecycleMachine.provide({
  actions: {
    reportPhase: sendParent((_, report: PollPhaseReport) => ({
      type: 'polls.phaseReached',
      pollId: report.pollId,
      phase: report.phase,
    })),
  },
})

/** Local bets the server now lists (or no longer lists the poll of) are the server's business again. */
function stillLocal(localVotes: readonly OwnVote[], received: readonly Poll[]): OwnVote[] {
  const byId = new Map(received.map((poll) => [poll.pollId, poll]))
  return localVotes.filter((vote) => {
    const poll = byId.get(vote.pollId)
    return poll !== undefined && !hasVote(poll)
  })
}

/**
 * Spec §4 "Poll lifecycle", §5, §9: the polls store. Keeps the newest 50 polls of known titles, each
 * with its lifecycle (a child actor `poll.<id>`, open, closed or evaluated on the server's clock) whose
 * phase it shows; a bet shows at once and stays when sending it fails. The server's polls (with their
 * results) and the unsent bets are kept in local storage. The clock's tick tells a lifecycle only when
 * it puts its poll in another phase (a sleeping tab, a moved clock): its own delays do the rest.
 */
export const pollsMachine = createStoreMachine<PollsData, readonly Poll[], PollsEvent>({
  id: 'polls',
  initialData: initialPollsData,
  toData: (loaded, data) => {
    const received = [...loaded]
    return derive({ ...data, received, localVotes: stillLocal(data.localVotes, received) })
  },
  persist: true,
  restore: (data, { received, localVotes }) => derive({ ...data, received, localVotes }),
  // the children's reports change what is shown, not what is stored
  unsaved: ['polls.phaseReached'],
  children: {
    logic: reportingPollLifecycle,
    of: (data) =>
      new Map(
        data.polls.map((poll) => {
          const input = lifecycleOf(poll, data.now)
          const { now: _, ...told } = { ...input, phase: pollPhase(poll, data.now) }
          return [pollActorId(poll.pollId), { input, key: JSON.stringify(told) }]
        }),
      ),
    changed: (input) => ({ type: 'poll.changed', ...(input as PollLifecycleInput) }),
  },
  // the clock and the titles outlive a reset; unsent bets are the player's until they log out
  clear: (data, reason) =>
    derive({ ...data, received: [], localVotes: reason === 'logout' ? [] : data.localVotes }),
  updates: {
    'clock.ticked': (data, { now }) => derive({ ...data, now }),
    'titles.changed': (data, { titleIds }) => derive({ ...data, titleIds: [...titleIds] }),
    'polls.betAdded': (data, { vote }) => {
      const placed =
        data.received.some((poll) => poll.pollId === vote.pollId && hasVote(poll)) ||
        data.localVotes.some((local) => local.pollId === vote.pollId)
      return placed ? data : derive({ ...data, localVotes: [...data.localVotes, vote] })
    },
    'polls.phaseReached': (data, { pollId, phase }) =>
      data.phases[pollId] === phase ? data : derive({ ...data, phases: { ...data.phases, [pollId]: phase } }),
    'polls.resultsReceived': (data, { pollId, results }) => {
      const sent = data.localVotes.find((vote) => vote.pollId === pollId)
      const received = data.received.map((poll) =>
        poll.pollId !== pollId
          ? poll
          : { ...poll, results, votes: sent && !hasVote(poll) ? [sent] : poll.votes },
      )
      return derive({ ...data, received, localVotes: data.localVotes.filter((vote) => vote !== sent) })
    },
  },
})

export type PollsMachine = typeof pollsMachine

/** The polls shown, optionally of one phase. */
export function selectPolls(context: StoreContext<PollsData>, phase?: PollPhase): readonly Poll[] {
  const { polls } = context.data
  return phase ? polls.filter((poll) => poll.phase === phase) : polls
}

/** Whether a poll takes bets now: the upcoming-poll countdown shows only when none does. */
export const selectHasOpenPoll = (context: StoreContext<PollsData>) =>
  context.data.polls.some((poll) => poll.phase === 'open')

/** Whether the player has a bet on the poll (placed here or listed by the server). */
export const selectHasBet = (context: StoreContext<PollsData>, pollId: number) =>
  context.data.polls.some((poll) => poll.pollId === pollId && poll.votes.length > 0) ||
  context.data.localVotes.some((vote) => vote.pollId === pollId)
