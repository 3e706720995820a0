import { fromHundredths, toHundredths } from '../../src/domain/currency'
import { formatLongDate } from '../../src/domain/date-format'
import { eventPrizeReturnedNews, eventPrizeWonNews, trophyNews } from '../../src/domain/important-messages'
import { weekStartAfter, weekStartOf } from '../../src/domain/ranking-periods'
import { earnsTrophy } from '../../src/domain/ranking-tabs'
import type { AppContext } from '../context'
import type { Executor } from '../db/database'
import { inTransaction } from '../db/transaction'
import type { Job } from '../jobs/job-runner'
import { eventsWithPrizeDue, settleEventPrize } from './group-prizes'
import { tellImportantMessage } from './important-messages'
import { foldedBeyond } from './ranking-days'
import { computeRanking, lifetimeOf, scopeFor } from './rankings'

/** Players a group needs in a week (evaluated predictions or settled bets) for its top 3 to win trophies. */
export const trophyMinPlayers = 3
/** Finished weeks the job looks back on: a server that slept through some still awards them. */
export const trophyLookbackWeeks = 4
/** Whether rankings up to `end` are final: everything decided before it is folded into ranking_days. */
async function resultsDue(db: Executor, end: number, now: number): Promise<boolean> {
  return now >= end && foldedBeyond(db, end, now)
}

/**
 * Awards the finished weeks' trophies: gold, silver and bronce to the players ranked 1 to 3 in each
 * group with at least 3 active players that week (players sharing a rank share the medal). Once per
 * group and week, also with two processes: the (group_id, week_start) row of trophy_weeks is claimed in
 * the transaction that inserts the trophies, and only the claimer inserts them. Returns trophies awarded.
 */
export async function awardWeeklyTrophies(
  ctx: AppContext,
  now: number,
  doneWeeks: Set<number> = new Set(),
): Promise<number> {
  const zone = ctx.config.timeZone
  const thisWeek = weekStartOf(now, zone)
  let awarded = 0
  for (let back = 1; back <= trophyLookbackWeeks; back++) {
    const start = weekStartAfter(thisWeek, -back, zone)
    const end = weekStartAfter(start, 1, zone)
    if (doneWeeks.has(start) || !(await resultsDue(ctx.db, end, now))) continue
    const groups = await ctx.db
      .selectFrom('userGroups as g')
      .selectAll('g')
      .where('g.createdAt', '<', end)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('trophyWeeks as w')
              .select('w.groupId')
              .whereRef('w.groupId', '=', 'g.id')
              .where('w.weekStart', '=', start),
          ),
        ),
      )
      .orderBy('g.id')
      .execute()
    for (const group of groups) {
      const ranking = await computeRanking(ctx.db, scopeFor(group, { from: start, to: end }))
      const medalists =
        ranking.length >= trophyMinPlayers ? ranking.filter((row) => earnsTrophy(row.rank, row.points)) : []
      const won = await inTransaction(ctx.db, async (tx) => {
        const claim = await tx
          .insertInto('trophyWeeks')
          .values({ groupId: group.id, weekStart: start, activePlayers: ranking.length, awardedAt: now })
          .onConflict((oc) => oc.columns(['groupId', 'weekStart']).doNothing())
          .executeTakeFirst()
        if (Number(claim.numInsertedOrUpdatedRows ?? 0n) !== 1 || medalists.length === 0) return 0
        await tx
          .insertInto('trophies')
          .values(
            medalists.map((row) => ({
              groupId: group.id,
              groupName: group.name,
              weekStart: start,
              rank: row.rank,
              userId: row.userId,
              points: toHundredths(row.points),
              awardedAt: now,
            })),
          )
          .execute()
        return medalists.length
      })
      awarded += won
      // only the process that claimed the week tells its medalists
      if (won > 0) {
        const weekLabel = formatLongDate(start, zone)
        for (const row of medalists)
          await tellImportantMessage(
            ctx,
            row.userId,
            trophyNews({ rank: row.rank, groupName: group.name, weekLabel, points: row.points }),
          )
      }
    }
    doneWeeks.add(start)
  }
  return awarded
}

export function weeklyTrophiesJob(ctx: AppContext): Job {
  // Weeks whose every group is claimed: no need to ask the database again in this process.
  const doneWeeks = new Set<number>()
  return {
    name: 'award weekly trophies',
    run: (now) => awardWeeklyTrophies(ctx, now, doneWeeks).then(() => undefined),
  }
}

/**
 * Pays each ended event's extra prize to its best player over the event's lifetime (the event's ranking:
 * same points, its titles only), once its results are final; without any player the prize goes back to
 * the creator (settleEventPrize). Returns prizes settled.
 */
export async function payDueEventPrizes(ctx: AppContext, now: number): Promise<number> {
  let paid = 0
  for (const event of await eventsWithPrizeDue(ctx.db, now)) {
    const end = event.endTime ?? now
    if (!(await resultsDue(ctx.db, end, now))) continue
    try {
      const ranking = await computeRanking(ctx.db, scopeFor(event, lifetimeOf(event)))
      const winner = ranking[0]?.userId ?? null
      const settled = await inTransaction(ctx.db, (tx) => settleEventPrize(tx, event.id, winner, now))
      if (!settled) continue
      paid += 1
      // only the process that settled it tells the player where the prize went
      const prize = { groupName: settled.groupName, ttc: fromHundredths(settled.amount) }
      if (settled.userId !== null)
        await tellImportantMessage(
          ctx,
          settled.userId,
          settled.to === 'winner' ? eventPrizeWonNews(prize) : eventPrizeReturnedNews(prize),
        )
    } catch (err) {
      ctx.log.error({ err, groupId: event.id }, 'event prize payout failed')
    }
  }
  return paid
}

export function eventPrizeJob(ctx: AppContext): Job {
  return { name: 'pay event prizes', run: (now) => payDueEventPrizes(ctx, now).then(() => undefined) }
}
