import { formatDateTime, formatTime } from '../domain/date-format'
import type { TagRefusal } from '../domain/fair-play'
import { everybodyGroupName } from '../domain/group-rules'
import { formatPrice } from '../domain/number-format'
import { evaluationTimeOf, type Trend } from '../domain/prediction'
import type { WagerProblem } from '../domain/wager'

/** A prediction the server stored, with its title's name and currency as the client knows them. */
export interface RecordedPrediction {
  readonly titleId: number
  readonly titleName?: string
  readonly currency: string
  readonly trend: Trend
  readonly atPrice: number
  readonly createdAt: number
}

import { titleLabel } from '../domain/title-label'
import type { Notice } from './notices'

/**
 * The spec's texts of game actions and groups (§5, §8) that the poll, bet, prediction, live stream and
 * group machines raise. The server's copies of the shared ones (src/api) are checked equal by a test.
 */
export const gameTexts = {
  validationTitle: 'Validation Error',
  wagerMissing: 'You must set your wager...',
  wagerNotANumber: 'Your wager must be a number.',
  wagerNotPositive: 'Your wager must be greater than 0.',
  wagerDecimals: 'Your wager can have at most two decimals.',
  /** the balance in TTC, two decimals */
  overBalance: (balance: number) => `You don't have so much money... (Max ${balance.toFixed(2)})`,
  betFailed: 'Error sending bet to server',
  alreadyBet: 'Warning: You have already placed your bet.',
  predictionFailed: 'Error sending prediction to server',
  alreadyPredicted: 'Warning: You have already made a prediction for this message.',
  messagesFailed: 'Error fetching messages!',
  noRelevantMessages: 'Error: Could not fetch any relevant messages!',
  groupSelectFailed: 'Error selecting group',
  groupSelectionNotSaved: "Couldn't save your group selection",
  groupSaveFailed: 'Error saving group',
  groupDeleteFailed: 'Error deleting group',
  groupLeaveFailed: 'Error leaving group',
  groupMembersFailed: 'Error editing group members and admins',
  groupNeedsAdmin: 'Cannot save changes, at least one member must be an admin.',
  noActiveGroup: 'No active user group is set',
  // successes: the spec says only "info notices with the group name"; these words are ours
  groupSelected: 'Group selected',
  groupSaved: 'Group saved',
  groupDeleted: 'Group deleted',
  groupLeft: 'You left the group',
  groupMembersSaved: 'Members and admins saved',
  groupJoined: 'You joined the group',
  groupJoinFailed: 'Error joining group',
  groupCreated: 'Group created',
  // fair play (ours, src/domain/fair-play.ts): times in the player's local time
  marketClosed: (titleName: string, opensAt: number) =>
    `The market of ${titleName} is closed. It opens ${formatDateTime(opensAt)}.`,
  oppositePrediction: (titleName: string, runningTrend: Trend, judgedAt: number) =>
    `Your ${runningTrend} prediction on ${titleName} runs until ${formatDateTime(judgedAt)}: no opposite prediction until then.`,
} as const

/** The player's words for a fair-play refusal of a tag on `titleName`. */
export function tagRefusalText(refusal: TagRefusal, titleName: string): string {
  return refusal.reason === 'marketClosed'
    ? gameTexts.marketClosed(titleName, refusal.opensAt)
    : gameTexts.oppositePrediction(titleName, refusal.running.trend, refusal.judgedAt)
}

const wagerTexts: Record<Exclude<WagerProblem, 'overBalance'>, string> = {
  missing: gameTexts.wagerMissing,
  notANumber: gameTexts.wagerNotANumber,
  notPositive: gameTexts.wagerNotPositive,
  decimals: gameTexts.wagerDecimals,
}

/** The notices of the game actions and groups, built once so machines, tests and docs agree. */
export const gameNotices = {
  /** spec §5: titled 'Validation Error' */
  invalidWager: (problem: WagerProblem, balance: number): Notice => ({
    kind: 'negative',
    message: gameTexts.validationTitle,
    caption: problem === 'overBalance' ? gameTexts.overBalance(balance) : wagerTexts[problem],
  }),
  betFailed: { kind: 'negative', message: gameTexts.betFailed },
  alreadyBet: { kind: 'warning', message: gameTexts.alreadyBet },
  predictionFailed: { kind: 'negative', message: gameTexts.predictionFailed },
  alreadyPredicted: { kind: 'warning', message: gameTexts.alreadyPredicted },
  /** a fair-play refusal of a tag or a bet, in the client's or the server's words */
  tagRefused: (text: string): Notice => ({ kind: 'warning', message: text }),
  messagesFailed: { kind: 'warning', message: gameTexts.messagesFailed },
  noRelevantMessages: { kind: 'negative', message: gameTexts.noRelevantMessages },
  groupNeedsAdmin: { kind: 'negative', message: gameTexts.groupNeedsAdmin },
  /**
   * Every tag answers (ours; the spec only says the message leaves the stream): what the server
   * recorded, 'Up on Apple at 190.20 USD', and when it is judged.
   */
  predictionRecorded: (recorded: RecordedPrediction): Notice => ({
    kind: 'positive',
    message: `${recorded.trend} on ${titleLabel(recorded.titleId, recorded.titleName)} at ${formatPrice(recorded.atPrice, recorded.currency)}`,
    caption: `Judged at ${formatTime(evaluationTimeOf(recorded.createdAt))}; it is in Your Predictions`,
    key: 'prediction_recorded',
  }),
  /** an admin added the player to groups while they played: the lists' refresh found them */
  invitedTo: (groups: readonly { readonly name: string; readonly invitedBy?: string }[]): Notice => ({
    kind: 'info',
    message:
      groups.length === 1
        ? groups[0]?.invitedBy
          ? `${groups[0].invitedBy} invited you to ${groups[0].name}`
          : `You were invited to ${groups[0]?.name}`
        : `You were invited to ${groups.length} groups`,
    caption:
      groups.length === 1 ? 'Join or decline it on the Groups page' : groups.map((g) => g.name).join(', '),
    key: 'group_invitations',
  }),
  /**
   * the active group left the player's groups elsewhere (deleted, left in another tab, removed by an
   * admin): the app plays in group 1000 again, as a group switch would
   */
  activeGroupGone: (groupName: string): Notice => ({
    kind: 'info',
    message: `You no longer play in ${groupName}`,
    caption: `It was deleted or you are no longer a member: you play in ${everybodyGroupName} again`,
    key: 'active_group_gone',
  }),
  /** spec §8: errors are negative and successes info, both with the group name */
  group: (kind: 'info' | 'negative', message: string, groupName: string): Notice => ({
    kind,
    message,
    caption: groupName,
  }),
  /** spec §4 "Active group change": the group-overview error text, and the group's name */
  groupSelectFailed: (groupName: string): Notice => ({
    kind: 'negative',
    message: gameTexts.groupSelectFailed,
    caption: `${gameTexts.groupSelectionNotSaved}: ${groupName}`,
  }),
} as const satisfies Record<string, Notice | ((...args: never[]) => Notice)>
