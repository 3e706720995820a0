import type { Group } from '../../src/api/groups'
import type { Poll, PollResults } from '../../src/api/polls'
import type { TaggedMessage } from '../../src/api/predictions'
import type { IncomingMessage } from '../../src/domain/live-stream'

export const hour = 3600_000
export const day = 24 * hour

export const noResults: PollResults = {
  numUsersBetUp: 0,
  numUsersBetFlat: 0,
  numUsersBetDown: 0,
  totalTtcBet: 0,
  ttcBetUp: 0,
  ttcBetFlat: 0,
  ttcBetDown: 0,
}

/** Per side, how many players bet and how much TTC: a poll's results with the total worked out. */
export function resultsWith(
  sides: Partial<Record<'up' | 'flat' | 'down', [players: number, ttc: number]>>,
): PollResults {
  const [upPlayers, up] = sides.up ?? [0, 0]
  const [flatPlayers, flat] = sides.flat ?? [0, 0]
  const [downPlayers, down] = sides.down ?? [0, 0]
  return {
    numUsersBetUp: upPlayers,
    numUsersBetFlat: flatPlayers,
    numUsersBetDown: downPlayers,
    totalTtcBet: up + flat + down,
    ttcBetUp: up,
    ttcBetFlat: flat,
    ttcBetDown: down,
  }
}

/** A poll of a title that opens at `startTime`: betting for 2 h, decided after 6 h. */
export function pollAt(pollId: number, titleId: number, startTime: number, extra: Partial<Poll> = {}): Poll {
  return {
    pollId,
    titleId,
    priceBase: 100,
    startTime,
    endTime: startTime + 2 * hour,
    evalTime: startTime + 6 * hour,
    createdAt: startTime,
    flatBand: 0.001,
    phase: 'open',
    evalPrice: null,
    outcome: null,
    settledAt: null,
    votes: [],
    results: noResults,
    ...extra,
  }
}

export function taggedMessage(messageId: string, extra: Partial<TaggedMessage> = {}): TaggedMessage {
  return {
    userId: 5,
    titleId: 1,
    messageId,
    trend: 'Up',
    atPrice: 100,
    createdAt: 0,
    rewardFactor: 1,
    ...extra,
  }
}

export function serverMessage(messageId: string, extra: Partial<IncomingMessage> = {}): IncomingMessage {
  return {
    message_id: messageId,
    twitter_user: { profile_image_url: 'http://pbs.example/ann.png', name: 'Ann', screen_name: 'ann' },
    tweet: '$AAPL and $TSLA up',
    t: 1_700_000_000,
    titles: [
      { title_id: 2, start_index: 10, end_index: 15 },
      { title_id: 1, start_index: 0, end_index: 5 },
    ],
    ...extra,
  }
}

export function group(id: number, name: string, extra: Partial<Group> = {}): Group {
  return {
    id,
    name,
    type: 'userGroup',
    publicGroup: false,
    avatarUrl: null,
    memberCount: 2,
    createdAt: 1,
    createdBy: 5,
    endTime: null,
    titleRestrictions: [],
    extraPrize: 0,
    prizePaidAt: null,
    memberStatus: 'active',
    isAdmin: true,
    ...extra,
  }
}
