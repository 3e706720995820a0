import { sql } from 'kysely'
import { closeoutNews, type DayResults, type GameDay, lastEndedDay } from '../../src/domain/daily-closeout'
import { formatLongDate } from '../../src/domain/date-format'
import { newsChannels } from '../../src/domain/important-messages'
import { newsLinks } from '../auth/links'
import { settingsOf } from '../auth/settings'
import type { AppContext } from '../context'
import type { Executor } from '../db/database'
import { type Job, yieldToRequests } from '../jobs/job-runner'
import { newsMail } from '../mail/templates'
import { pushNews } from '../push/push-news'
import { playersWithBrowsers } from '../push/push-subscriptions.repo'
import { foldedBeyond } from './ranking-days'

/**
 * Players claimed per pass. Each costs a few indexed reads and one mail; a day's closeouts spread over
 * the passes after midnight instead of holding one pass for all of them.
 */
export const closeoutsPerPass = 100

type CloseoutContext = Pick<AppContext, 'db' | 'config' | 'mailer' | 'log' | 'metrics'>

/**
 * Sends yesterday's closeout to every player who asked for it (users.closeout_next_day), by e-mail and
 * as a push to their subscribed browsers as they chose, once the rankings of the day are final
 * (everything decided that day is folded into ranking_days, so the closeout and the rankings agree).
 * Each player is claimed by moving their next day on before anything goes: two passes (or processes)
 * never send one closeout twice; a mail that fails is handed back for the next pass (before the push,
 * so the push is not sent twice either; a push that fails is only logged). Nothing is mailed to an
 * unconfirmed address, and nothing is sent for a day when nothing happened to the player.
 */
export async function sendDailyCloseouts(
  ctx: CloseoutContext,
  now: number,
  limit = closeoutsPerPass,
): Promise<number> {
  const { timeZone } = ctx.config
  const day = lastEndedDay(now, timeZone)
  // most of the day nobody is due: one index probe, before the fold's few statements
  const due = await dueIds(ctx.db, day, limit)
  if (due.length === 0 || !(await foldedBeyond(ctx.db, day.end, now))) return 0
  const dayLabel = formatLongDate(day.start, timeZone)
  let sent = 0
  const claimed = await claim(ctx.db, due, day)
  // a push needs a subscribed browser: without one, a push-only player costs no day's results
  const browsers = await playersWithBrowsers(
    ctx.db,
    claimed.map((player) => player.id),
  )
  for (const [index, player] of claimed.entries()) {
    const wanted = newsChannels(
      settingsOf(player).notifications.dailyCloseout,
      player.emailConfirmedAt !== null,
    )
    const channels = { ...wanted, push: wanted.push && browsers.has(player.id) }
    if (!channels.mail && !channels.push) continue
    const news = closeoutNews(dayLabel, await dayResults(ctx.db, player.id, day))
    if (!news) continue
    try {
      if (channels.mail)
        await ctx.mailer.send(newsMail(player.email, player.username, news, newsLinks(ctx.config, player)))
      if (channels.push) await pushNews(ctx, player.id, news)
      sent += 1
    } catch (err) {
      // the mail server is likely down for all of them: one line per pass, not one per player
      const unsent = claimed.slice(index).map((rest) => rest.id)
      ctx.log.error(
        { err, to: player.email, unsent: unsent.length },
        'daily closeouts wait for the next pass',
      )
      await handBack(ctx.db, unsent, day)
      break
    }
    await yieldToRequests()
  }
  return sent
}

export function dailyCloseoutJob(ctx: CloseoutContext): Job {
  return {
    name: 'send daily closeouts',
    run: async (now) => {
      await sendDailyCloseouts(ctx, now)
    },
  }
}

/** Up to `limit` players whose closeout of the day is due, longest due first. */
async function dueIds(db: Executor, day: GameDay, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('closeoutNextDay', '<=', day.start)
    // a suspended player hears nothing from the game (server/auth/suspension.ts)
    .where('suspendedAt', 'is', null)
    .orderBy('closeoutNextDay')
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

/** Moves the due players on to the next day, answering the ones this call moved (another may have). */
function claim(db: Executor, ids: readonly number[], day: GameDay) {
  return db
    .updateTable('users')
    .set({ closeoutNextDay: day.end })
    .where('id', 'in', ids)
    .where('closeoutNextDay', '<=', day.start)
    .returning(['id', 'username', 'email', 'emailConfirmedAt', 'settings'])
    .execute()
}

/** Due again for the day, unless a player has since turned the closeout off. */
async function handBack(db: Executor, userIds: readonly number[], day: GameDay): Promise<void> {
  await db
    .updateTable('users')
    .set({ closeoutNextDay: day.start })
    .where('id', 'in', userIds)
    .where('closeoutNextDay', '=', day.end)
    .execute()
}

/** What was decided for the player on the day, and their balance's moves, in hundredths. */
export async function dayResults(db: Executor, userId: number, day: GameDay): Promise<DayResults> {
  const [ranked, bets, balance] = await Promise.all([
    db
      .selectFrom('rankingDays')
      .select(['points', 'correct', 'evaluated'])
      .where('userId', '=', userId)
      .where('dayStart', '=', day.start)
      .executeTakeFirst(),
    sql<{ settled: number; won: number | null }>`select count(*) as settled,
        sum(case when v.payout > 0 then 1 else 0 end) as won
      from votes v join polls p on p.id = v.poll_id
      where v.user_id = ${userId} and v.payout is not null
        and p.eval_time >= ${day.start} and p.eval_time < ${day.end}`.execute(db),
    sql<{ held: number | null; later: number | null; during: number | null }>`select
        (select sum(balance) from wallets where user_id = ${userId}) as held,
        sum(case when l.created_at >= ${day.end} then l.amount else 0 end) as later,
        sum(case when l.created_at < ${day.end} then l.amount else 0 end) as during
      from ledger l
      where l.wallet_address in (select address from wallets where user_id = ${userId})
        and l.created_at >= ${day.start}`.execute(db),
  ])
  const betRow = bets.rows[0]
  const money = balance.rows[0]
  return {
    predictionsJudged: Number(ranked?.evaluated ?? 0),
    predictionsRight: Number(ranked?.correct ?? 0),
    betsSettled: Number(betRow?.settled ?? 0),
    betsWon: Number(betRow?.won ?? 0),
    won: Number(ranked?.points ?? 0),
    balanceAtEnd: Number(money?.held ?? 0) - Number(money?.later ?? 0),
    balanceChange: Number(money?.during ?? 0),
  }
}
