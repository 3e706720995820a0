import type { ActivityStreamElement } from '~/api/activity'
import type { ActivityElement, ActivityGroupType } from '~/domain/activity-grouping'
import { formatTtc } from '~/domain/number-format'
import { bankTookPotText } from '~/views/polls/poll-texts'

/** One element as a line of the feed: who, about which title, what, and an amount. */
export interface ActivityLine {
  readonly key: string
  readonly username?: string
  readonly userId?: number
  readonly titleId?: number
  /** the rest of the sentence after the player's name (or the whole one without a player) */
  readonly text: string
}

/** The heading of a group of elements. */
export const activityGroupTitles: Record<ActivityGroupType, string> = {
  TaggedMessagePredicted: 'New predictions',
  TaggedMessageEvaluated: 'Evaluated predictions',
  Vote: 'New bets',
  Poll: 'Polls',
  PollAnnouncement: 'Upcoming polls',
  UserGroupWinners: 'Group winners',
}

type Wire<T extends ActivityStreamElement['type']> = Extract<ActivityStreamElement, { type: T }>['data']

/**
 * The lines of one element. Hidden bets (betting still open) show without side and stake; a poll the
 * Bank won says so. Winners become one line per winner.
 */
export function linesOf(type: ActivityGroupType, element: ActivityElement, index: number): ActivityLine[] {
  const key = `${type}-${element.timestamp}-${index}`
  switch (type) {
    case 'TaggedMessagePredicted': {
      const data = element.data as Wire<'TaggedMessage'>
      return [{ key, ...who(data), titleId: data.titleId, text: `predicted ${data.trend} on` }]
    }
    case 'TaggedMessageEvaluated': {
      const data = element.data as Wire<'TaggedMessage'>
      const result = data.correct ? `was right (+${formatTtc(data.rewardFactor)})` : 'was wrong'
      return [{ key, ...who(data), titleId: data.titleId, text: `${result} with ${data.trend} on` }]
    }
    case 'Vote': {
      const data = element.data as Wire<'Vote'>
      const text =
        data.vote && data.ttcBet !== null
          ? `bet ${formatTtc(data.ttcBet)} on ${data.vote} for`
          : 'placed a bet on'
      return [{ key, ...who(data), titleId: data.titleId, text }]
    }
    case 'Poll': {
      const data = element.data as Wire<'Poll'>
      const text =
        data.event === 'opened'
          ? 'A poll opened on'
          : data.bankWon && data.pot !== undefined
            ? `${bankTookPotText(data.pot)} on`
            : `A poll was decided (${data.outcome ?? 'no outcome'}) on`
      return [{ key, titleId: data.titleId, text }]
    }
    case 'PollAnnouncement': {
      const data = element.data as Wire<'PollAnnouncement'>
      const count = data.titleIds.length
      return [{ key, text: `The next poll round opens for ${count} ${count === 1 ? 'title' : 'titles'}` }]
    }
    case 'UserGroupWinners': {
      const data = element.data as Wire<'UserGroupWinners'>
      return data.winners.map((winner, place) => ({
        key: `${key}-${place}`,
        username: winner.username,
        userId: winner.userId,
        text: `won rank ${winner.rank} in ${data.groupName} with ${formatTtc(winner.points)}`,
      }))
    }
  }
}

const who = (data: { userId: number; username: string }) => ({ userId: data.userId, username: data.username })
