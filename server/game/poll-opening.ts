import { nextPollStart, pollBettingMs, pollStartsBetween, pollTimesFor } from '../../src/domain/poll-schedule'
import type { AppContext } from '../context'
import type { Job } from '../jobs/job-runner'
import { calendarOf } from '../market/trading-hours'
import { instrumentById } from '../market/universe'

/** A scheduler that slept longer opens only the last week's polls: older ones are long decided. */
export const pollCatchUpMs = 7 * 24 * 3600_000
const insertChunk = 200

/**
 * Whether the title's market trades at some moment between a poll's start and its evaluation: a poll
 * over a market that stays shut the whole time (a US share at 02:00 Berlin time) could only end flat.
 */
export function tradesDuring(titleId: number, from: number, to: number): boolean {
  const instrument = instrumentById(titleId)
  if (!instrument) return true
  const session = calendarOf(instrument.exchange).latestSessionAt(to - 1)
  return session.end > from
}

/** The configured titles that get a poll starting at `startTime`. */
export function pollTitlesAt(titleIds: readonly number[], startTime: number): number[] {
  const { evalTime } = pollTimesFor(startTime)
  return titleIds.filter((id) => tradesDuring(id, startTime, evalTime))
}

/**
 * The next poll time after `now`, the titles it will open for, and the zone of the schedule (the client's
 * countdown follows it: a player abroad counts down to the same start as the server).
 */
export function nextPoll(ctx: AppContext, now: number) {
  const { timeZone } = ctx.config
  const times = pollTimesFor(nextPollStart(now, timeZone))
  return { ...times, titleIds: pollTitlesAt(ctx.config.pollTitles, times.startTime), timeZone }
}

/**
 * Opens the polls starting at `starts` for the configured titles, priceBase the title's price at the
 * start. Idempotent across processes: the unique key (title_id, start_time) turns a second opening of
 * the same poll into nothing. Returns the number of polls inserted.
 */
export async function openPolls(ctx: AppContext, starts: readonly number[], now: number): Promise<number> {
  const rows = []
  for (const start of starts) {
    const times = pollTimesFor(start)
    for (const titleId of pollTitlesAt(ctx.config.pollTitles, start)) {
      if (!ctx.market.title(titleId)) continue
      const priceBase = await ctx.market.priceAt(titleId, start)
      if (priceBase === undefined || !(priceBase > 0)) {
        ctx.log.warn({ titleId, start }, 'no price for a poll start; poll not opened')
        continue
      }
      rows.push({ titleId, priceBase, ...times, createdAt: now })
    }
  }
  let inserted = 0
  for (let i = 0; i < rows.length; i += insertChunk) {
    const result = await ctx.db
      .insertInto('polls')
      .values(rows.slice(i, i + insertChunk))
      .onConflict((oc) => oc.columns(['titleId', 'startTime']).doNothing())
      .executeTakeFirst()
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n)
  }
  return inserted
}

/**
 * Opens the polls that started since the last run, in the configured time zone. The first run of a
 * process opens only a start still open for bets (none of the history before it); a run after a pause
 * catches up on at most a week.
 */
export function pollOpeningJob(ctx: AppContext): Job {
  let lastRunAt: number | undefined
  return {
    name: 'open polls',
    async run(now) {
      const from = Math.max(lastRunAt ?? now - pollBettingMs, now - pollCatchUpMs)
      await openPolls(ctx, pollStartsBetween(from, now, ctx.config.timeZone), now)
      lastRunAt = now
    },
  }
}
