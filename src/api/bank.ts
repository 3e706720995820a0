import { z } from 'zod'

/** Polls and the TTC of their pots. */
const potsSchema = z.object({ count: z.number().int(), ttc: z.number() })

/**
 * `GET /v1/stockgame/bank`: the Bank as the players' opponent (spec §1: the Bank can win). It takes a
 * settled poll's pot when nobody called the outcome (won) and pays it out when somebody did (lost).
 */
export const bankReportSchema = z.object({
  /** TTC now */
  balance: z.number(),
  potsWon: potsSchema,
  potsLost: potsSchema,
  /** the balance at the end of each of the last days (the game's time zone), oldest first */
  balanceHistory: z.array(z.object({ day: z.string(), balance: z.number() })),
  /** the players who won most from polls settled this week, most TTC first */
  beatenBy: z.array(
    z.object({ userId: z.number(), username: z.string(), pollsWon: z.number().int(), ttcWon: z.number() }),
  ),
})
export type BankReport = z.infer<typeof bankReportSchema>

/** Days of balance history in a report, at the most (a game younger than that has fewer). */
export const bankHistoryDays = 14
/** Players listed as having beaten the Bank this week. */
export const bankBeatenByRows = 10
