import { z } from 'zod'
import { fromHundredths } from '../domain/currency'
import { ttcAmountProblem } from '../domain/ttc-amount'
import { databaseIdParamSchema, databaseIdSchema } from './ids'

/** The spec's bet texts (§5, §8) and ours for the cases it does not name. */
export const pollTexts = {
  /** heading the client shows over a wager validation message */
  validationTitle: 'Validation Error',
  wagerMissing: 'You must set your wager...',
  wagerNotANumber: 'Your wager must be a number.',
  wagerNotPositive: 'Your wager must be greater than 0.',
  wagerDecimals: 'Your wager can have at most two decimals.',
  alreadyPlaced: 'Warning: You have already placed your bet.',
  bettingClosed: 'Betting on this poll has closed.',
  vote: 'Please choose up, flat or down.',
  pollMismatch: 'The poll of the bet does not match the address.',
  notSettled: 'This poll is not settled yet: its books open once it is.',
} as const

/** The spec's 'You don't have so much money... (Max {ttc})', the balance with two decimals: '(Max 42.50)'. */
export function overBalanceText(balanceHundredths: number): string {
  return `You don't have so much money... (Max ${fromHundredths(balanceHundredths).toFixed(2)})`
}

export const voteValueSchema = z.enum(['up', 'flat', 'down'])
export type VoteValue = z.infer<typeof voteValueSchema>

/** Open while endTime is ahead, closed until evalTime, evaluated once evalTime has passed. */
export const pollPhaseSchema = z.enum(['open', 'closed', 'evaluated'])

const pollId = databaseIdSchema
const wagerProblemTexts = { notPositive: pollTexts.wagerNotPositive, decimals: pollTexts.wagerDecimals }

/**
 * A wager in TTC: more than 0, at most two decimals, at least one hundredth (src/domain/ttc-amount).
 * An amount above the rule's maximum passes here: no balance reaches it, so the bet itself refuses it
 * with the spec's over-balance text and the player's balance, as the bet form does.
 */
export const ttcBetSchema = z
  .number({ error: (issue) => (issue.input == null ? pollTexts.wagerMissing : pollTexts.wagerNotANumber) })
  .gt(0, { error: pollTexts.wagerNotPositive })
  .superRefine((ttc, issues) => {
    const problem = ttcAmountProblem(ttc)
    if (problem === 'notPositive' || problem === 'decimals')
      issues.addIssue({ code: 'custom', message: wagerProblemTexts[problem] })
  })

/** `{pollId}` in /v1/stockgame/polls/{pollId}/...: an integer (documented as one; 1.5 is a 400). */
export const pollParamsSchema = z.strictObject({ pollId: databaseIdParamSchema })

/** Body of `POST /v1/stockgame/polls/{pollId}/vote`; userId must be the caller, pollId the path's. */
export const voteBodySchema = z.strictObject({
  pollId,
  userId: z.number().int(),
  vote: z.enum(voteValueSchema.options, { error: pollTexts.vote }),
  ttcBet: ttcBetSchema,
})
export type VoteBody = z.infer<typeof voteBodySchema>

/** Counts of players per side, the pot and the pot per side (TTC); the answer to a bet. */
export const pollResultsSchema = z.object({
  numUsersBetUp: z.number().int(),
  numUsersBetFlat: z.number().int(),
  numUsersBetDown: z.number().int(),
  /** TTC, two decimals */
  totalTtcBet: z.number(),
  /** TTC staked on up, flat and down (ours, beside the spec's counts): what each side pays per TTC */
  ttcBetUp: z.number(),
  ttcBetFlat: z.number(),
  ttcBetDown: z.number(),
})
export type PollResults = z.infer<typeof pollResultsSchema>

/** The caller's own bet; other players' bets are only ever seen as counts in the results. */
export const ownVoteSchema = z.object({
  pollId: z.number(),
  userId: z.number(),
  vote: voteValueSchema,
  /** TTC */
  ttcBet: z.number(),
  createdAt: z.number(),
  /** TTC paid to the player when the poll was settled (0 for a lost bet); null until then */
  payout: z.number().nullable(),
})
export type OwnVote = z.infer<typeof ownVoteSchema>

/**
 * A poll as `GET /v1/stockgame/polls` lists it. `votes` holds the caller's bet (none or one), `results`
 * everybody's in counts. evalPrice, outcome and settledAt are null until the poll is settled, which the
 * server does as soon as it can after evalTime (phase 'evaluated' may briefly come first).
 */
export const pollSchema = z.object({
  pollId: z.number(),
  titleId: z.number(),
  /** the title's price at startTime */
  priceBase: z.number(),
  startTime: z.number(),
  /** betting closes */
  endTime: z.number(),
  /** the price then decides the poll */
  evalTime: z.number(),
  createdAt: z.number(),
  /** a move within ± this fraction of priceBase ends the poll flat (the server's ALPHA_POLL_FLAT_BAND) */
  flatBand: z.number(),
  phase: pollPhaseSchema,
  evalPrice: z.number().nullable(),
  outcome: voteValueSchema.nullable(),
  settledAt: z.number().nullable(),
  /**
   * Settled with nobody on the outcome's side, so the Bank took the pot (spec §1: the Bank can win);
   * absent in polls kept from before it was sent
   */
  bankWon: z.boolean().optional(),
  votes: z.array(ownVoteSchema),
  results: pollResultsSchema,
})
export type Poll = z.infer<typeof pollSchema>

/** At most 50 polls, newest by endTime first, of titles the universe knows. */
export const pollListSchema = z.array(pollSchema)

/**
 * `GET /v1/stockgame/polls/{pollId}/settlement`: the books of a settled poll (issue 20.4) — the price
 * it was decided at and where that price came from, what was staked per side, what was paid (amounts
 * only: other players' bets are never shown one by one) and its record's link in the settlements' hash
 * chain, which `npm run admin -- verify-ledger` recomputes.
 */
export const pollSettlementSchema = z.object({
  pollId: z.number(),
  titleId: z.number(),
  outcome: voteValueSchema,
  settledAt: z.number(),
  price: z.object({
    /** 'simulation' or the market-data provider's host */
    source: z.string(),
    /** the poll's evalTime, epoch ms */
    time: z.number(),
    /** the title's price at startTime */
    base: z.number(),
    /** the title's price at evalTime, which decided the poll */
    value: z.number(),
  }),
  /** TTC staked per side and in total */
  stakes: z.object({ up: z.number(), flat: z.number(), down: z.number(), total: z.number() }),
  /** each payout in TTC, largest first; `bank`: the Bank's take (remainders, or the pot nobody won) */
  payouts: z.array(z.object({ ttc: z.number(), bank: z.boolean() })),
  /** TTC paid in all (the whole pot) */
  ttcPaid: z.number(),
  /** the settlement record and its chain links (sha256, hex) */
  settlementId: z.number().int(),
  prevHash: z.string(),
  hash: z.string(),
})
export type PollSettlement = z.infer<typeof pollSettlementSchema>

/** `GET /v1/stockgame/polls/{pollId}/status` */
export const pollStatusSchema = z.object({
  pollId: z.number(),
  votesCast: z.number().int(),
  /** TTC */
  totalTtcBet: z.number(),
})
export type PollStatus = z.infer<typeof pollStatusSchema>

/** The caller's bets on the polls of one title (or of all, in the total row). */
export const pollPerformanceTotalsSchema = z.object({
  bets: z.number().int(),
  /** bets on polls not settled yet */
  open: z.number().int(),
  /** bets on the side the poll ended on */
  won: z.number().int(),
  lost: z.number().int(),
  /** TTC staked on all these bets */
  ttcStaked: z.number(),
  /** TTC paid out for them (the whole payout, stake included) */
  ttcWon: z.number(),
})

export const pollPerformanceRowSchema = pollPerformanceTotalsSchema.extend({
  titleId: z.number(),
  titleName: z.string(),
})

/** `GET /v1/stockgame/polls/performance`: one row per title the caller bet on (by titleId), and the total. */
export const pollPerformanceSchema = z.object({
  titles: z.array(pollPerformanceRowSchema),
  total: pollPerformanceTotalsSchema,
})
export type PollPerformance = z.infer<typeof pollPerformanceSchema>

/** `GET /v1/stockgame/polls/next`: the next poll time, for the upcoming-poll countdown. */
export const nextPollSchema = z.object({
  startTime: z.number(),
  endTime: z.number(),
  evalTime: z.number(),
  /** titles that will get a poll then */
  titleIds: z.array(z.number()),
  /** the IANA zone the poll times are kept in (the server's ALPHA_TIME_ZONE) */
  timeZone: z.string(),
})
export type NextPoll = z.infer<typeof nextPollSchema>
