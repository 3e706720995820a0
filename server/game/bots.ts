import type { VoteValue } from '../../src/api/polls'
import { betClosedUntil, opposingRunningPrediction, type PredictionOnTitle } from '../../src/domain/fair-play'
import { signUpGrantHundredths } from '../../src/domain/grants'
import { evaluationDelayMs, type Trend } from '../../src/domain/prediction'
import { nextMarketOpening } from '../../src/domain/trading-hours'
import { findUserByUsername, insertUser } from '../auth/users.repo'
import type { AppContext } from '../context'
import type { BotRow, BotStyle } from '../db/tables/rankings.table'
import { inTransaction } from '../db/transaction'
import type { Job } from '../jobs/job-runner'
import { seedFromString, uniform } from '../market/random'
import { Refusal } from '../refusal'
import { fairPlayOf } from './fair-play'
import { joinDefaultGroup } from './groups.repo'
import { createWallet, post } from './ledger'
import { messageIdsTaggedSince, placePrediction, recentPredictions } from './predictions'
import { placeBet, primaryWallet } from './wagers'

/**
 * Bots (DESIGN.md §4): simulated players, so a fresh install has live rankings and an activity stream.
 * Each is a real account in group 1000 with the sign-up grant, listed in the `bots` table, without a
 * password, a social identity or a mail address (its e-mail field holds no address), so nobody can sign
 * in as one. On the server clock, each acts every 20 to 50 minutes: it tags a few recent messages and
 * bets a few TTC on open polls, through placePrediction and placeBet like a player's request, with the
 * price the market gives then. Nobody sees the future: skill only decides how often a bot follows its
 * style (with the last half hour's move, against it) rather than a coin. Bots play fair as players must
 * (src/domain/fair-play.ts): they tag and bet only titles whose market is open, and keep the direction of
 * a running prediction on a title until it is judged.
 */

export interface BotProfile {
  name: string
  style: BotStyle
  /** 0..1 */
  skill: number
}

export const botRoster: readonly BotProfile[] = [
  { name: 'Ada_bot', style: 'trend', skill: 0.9 },
  { name: 'Bruno_bot', style: 'contrarian', skill: 0.7 },
  { name: 'Cleo_bot', style: 'random', skill: 0 },
  { name: 'Dario_bot', style: 'trend', skill: 0.6 },
  { name: 'Elif_bot', style: 'contrarian', skill: 0.45 },
  { name: 'Finn_bot', style: 'trend', skill: 0.3 },
  { name: 'Greta_bot', style: 'random', skill: 0 },
  { name: 'Hiro_bot', style: 'trend', skill: 0.8 },
  { name: 'Ines_bot', style: 'contrarian', skill: 0.9 },
  { name: 'Jonas_bot', style: 'trend', skill: 0.5 },
  { name: 'Kira_bot', style: 'random', skill: 0 },
  { name: 'Luca_bot', style: 'contrarian', skill: 0.2 },
]

const minuteMs = 60_000
/** How far back a bot looks for messages to tag and for the move it follows. */
const lookBackMs = 30 * minuteMs
const messageWindowMs = 2 * 3600_000
const seed = seedFromString('alpha-bots')

/** The bot's own pace and appetite, fixed by its id so a restart does not change its character. */
function temperOf(userId: number) {
  return {
    intervalMs: (20 + Math.floor(uniform(seed, userId, 1) * 30)) * minuteMs,
    tagsPerTurn: 1 + Math.floor(uniform(seed, userId, 2) * 3),
    betChance: 0.3 + uniform(seed, userId, 3) * 0.6,
    /** of the balance, per bet */
    stakeShare: 0.02 + uniform(seed, userId, 4) * 0.06,
  }
}

/** Creates the bots of the roster that do not exist yet; a name a player took first is left out. */
export async function ensureBots(ctx: AppContext, now: number): Promise<number> {
  let created = 0
  for (const profile of botRoster) {
    const key = profile.name.toLowerCase()
    try {
      created += await inTransaction(ctx.db, async (tx) => {
        if (await findUserByUsername(tx, profile.name)) return 0
        const id = await insertUser(tx, {
          username: profile.name,
          usernameKey: key,
          // not an address: no mail, no password reset, no sign-in by e-mail
          email: `bot:${key}`,
          emailKey: `bot:${key}`,
          emailConfirmedAt: null,
          emailOptOut: 1,
          firstName: null,
          lastName: null,
          passwordHash: null,
          passwordVersion: 0,
          settings: '{}',
          createdAt: now,
        })
        await joinDefaultGroup(tx, id, now)
        const address = await createWallet(tx, id, now)
        await post(tx, { address, type: 'grant', amount: signUpGrantHundredths, reference: 'signup', now })
        await tx
          .insertInto('bots')
          .values({ userId: id, style: profile.style, skill: profile.skill, lastActedAt: 0, createdAt: now })
          .execute()
        return 1
      })
    } catch (err) {
      // Another process made it at the same moment: its unique username key won.
      ctx.log.debug({ err, bot: profile.name }, 'bot not created')
    }
  }
  return created
}

/** Up or down: the bot's style with probability `skill`, a coin otherwise, or when nothing moved. */
export function botDirection(
  bot: Pick<BotRow, 'style' | 'skill'>,
  move: number,
  styleDraw: number,
  coin: number,
) {
  const random: 'up' | 'down' = coin < 0.5 ? 'up' : 'down'
  if (bot.style === 'random' || styleDraw >= bot.skill || move === 0) return random
  const withMove = move > 0 ? 'up' : 'down'
  if (bot.style === 'trend') return withMove
  return withMove === 'up' ? 'down' : 'up'
}

async function moveOf(ctx: AppContext, titleId: number, now: number): Promise<number | undefined> {
  const latest = ctx.market.latestTick(titleId)?.l
  const earlier = await ctx.market.priceAt(titleId, now - lookBackMs)
  return latest === undefined || earlier === undefined ? undefined : latest - earlier
}

/** Tags placed, and those the server refused (fair play: the bot chose badly, or the market closed meanwhile). */
interface TagOutcome {
  placed: number
  refused: number
}

async function tagMessages(ctx: AppContext, bot: BotRow, turn: number, now: number): Promise<TagOutcome> {
  const sinceMs = now - messageWindowMs
  const messages = await ctx.market.recentMessages({ sinceMs, limit: 40 })
  if (messages.length === 0) return { placed: 0, refused: 0 }
  const tagged = await messageIdsTaggedSince(ctx.db, bot.userId, sinceMs)
  const candidates = messages.filter((message) => !tagged.has(message.message_id))
  // its predictions that may still run (a lagging evaluation job keeps some running past their 3 hours)
  const mine: PredictionOnTitle[] = await recentPredictions(ctx.db, bot.userId, now - 2 * evaluationDelayMs)
  const fairPlay = fairPlayOf(ctx)
  const tradesNow = (titleId: number) =>
    nextMarketOpening(ctx.market.title(titleId)?.hours, now) === undefined
  let placed = 0
  let refused = 0
  const wanted = temperOf(bot.userId).tagsPerTurn
  for (let i = 0; i < candidates.length && placed < wanted; i++) {
    const draw = (part: number) => uniform(seed, bot.userId, turn, i, part)
    if (draw(1) < 0.3) continue
    const message = candidates[i]
    const mention = message?.titles.find((t) => ctx.market.latestTick(t.title_id) && tradesNow(t.title_id))
    const tick = mention && ctx.market.latestTick(mention.title_id)
    if (!message || !mention || !tick) continue
    const move = (await moveOf(ctx, mention.title_id, now)) ?? 0
    const wanted: Trend = botDirection(bot, move, draw(2), draw(3)) === 'up' ? 'Up' : 'Down'
    const trend = opposingRunningPrediction(mine, mention.title_id, wanted)?.trend ?? wanted
    try {
      const done = await inTransaction(ctx.db, (tx) =>
        placePrediction(tx, {
          userId: bot.userId,
          titleId: mention.title_id,
          messageId: message.message_id,
          trend,
          atPrice: tick.l,
          now,
          fairPlay,
        }),
      )
      if (done) {
        placed += 1
        mine.push(done.row)
      }
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      refused += 1
    }
  }
  return { placed, refused }
}

async function betOnPolls(ctx: AppContext, bot: BotRow, turn: number, now: number): Promise<number> {
  const open = await ctx.db
    .selectFrom('polls')
    .select(['id', 'titleId', 'priceBase'])
    .where('endTime', '>', now)
    .where('startTime', '<=', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('votes')
            .select('votes.id')
            .whereRef('votes.pollId', '=', 'polls.id')
            .where('votes.userId', '=', bot.userId),
        ),
      ),
    )
    .orderBy('id')
    .execute()
  const temper = temperOf(bot.userId)
  const fairPlay = fairPlayOf(ctx)
  let placed = 0
  for (const poll of open) {
    if (betClosedUntil(ctx.market.title(poll.titleId)?.hours, now) !== undefined) continue
    const draw = (part: number) => uniform(seed, bot.userId, turn, poll.id, part)
    if (draw(1) >= temper.betChance) continue
    const { balance } = await primaryWallet(ctx.db, bot.userId)
    // Whole TTC, at least 1: a broke bot waits for its predictions to pay.
    const stake = Math.max(1, Math.floor((balance / 100) * temper.stakeShare))
    if (stake * 100 > balance) break
    const latest = ctx.market.latestTick(poll.titleId)?.l
    const flat =
      latest !== undefined && Math.abs(latest - poll.priceBase) <= poll.priceBase * ctx.config.pollFlatBand
    const vote: VoteValue =
      flat && draw(4) < 0.5
        ? 'flat'
        : botDirection(bot, (latest ?? poll.priceBase) - poll.priceBase, draw(2), draw(3))
    try {
      await inTransaction(ctx.db, (tx) =>
        placeBet(tx, { pollId: poll.id, userId: bot.userId, vote, ttcBet: stake, now, fairPlay }),
      )
      placed += 1
    } catch (error) {
      // Betting closed or the money went meanwhile: the bot just does not bet.
      if (!(error instanceof Refusal)) throw error
    }
  }
  return placed
}

/**
 * One turn of every bot whose time has come. A bot's turn is claimed by moving its last_acted_at
 * (conditional update), so two processes never play the same turn. `refusedTags` counts the tags the
 * fair-play rules refused: bots follow them, so normally none.
 */
export async function playBotTurns(
  ctx: AppContext,
  now: number,
): Promise<{ tags: number; refusedTags: number; bets: number }> {
  const bots = await ctx.db.selectFrom('bots').selectAll().orderBy('userId').execute()
  const done = { tags: 0, refusedTags: 0, bets: 0 }
  for (const bot of bots) {
    if (now - bot.lastActedAt < temperOf(bot.userId).intervalMs) continue
    const claimed = await ctx.db
      .updateTable('bots')
      .set({ lastActedAt: now })
      .where('userId', '=', bot.userId)
      .where('lastActedAt', '=', bot.lastActedAt)
      .executeTakeFirst()
    if (claimed.numUpdatedRows !== 1n) continue
    const turn = Math.floor(now / minuteMs)
    try {
      const tagged = await tagMessages(ctx, bot, turn, now)
      done.tags += tagged.placed
      done.refusedTags += tagged.refused
      done.bets += await betOnPolls(ctx, bot, turn, now)
    } catch (err) {
      ctx.log.warn({ err, botId: bot.userId }, 'bot turn failed')
    }
  }
  return done
}

/** Makes the roster on its first run, then plays the bots' turns. */
export function botsJob(ctx: AppContext): Job {
  let rosterReady = false
  return {
    name: 'play bots',
    async run(now) {
      if (!rosterReady) {
        await ensureBots(ctx, now)
        rosterReady = true
      }
      await playBotTurns(ctx, now)
    },
  }
}
