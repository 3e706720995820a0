import { type RawBuilder, sql } from 'kysely'
import { fairPlayCodes, marketClosedText, oppositePredictionText } from '../../src/api/fair-play'
import {
  betClosedUntil,
  type PredictionOnTitle,
  type TagRefusal,
  tagRefusal,
} from '../../src/domain/fair-play'
import type { Trend } from '../../src/domain/prediction'
import type { TradingHours } from '../../src/domain/trading-hours'
import { zonedIsoMinute } from '../../src/domain/zoned-time'
import type { AppContext } from '../context'
import { Refusal } from '../refusal'
import { evaluationMatchSql, ofKeySql } from './prediction-sql'

/**
 * What the fair-play rules (src/domain/fair-play.ts) need from the server: each title's name and trading
 * hours (the market's titles) and the game's time zone, in which refusals say when.
 */
export interface FairPlay {
  title(id: number): { n: string; hours?: TradingHours | undefined } | undefined
  timeZone: string
}

/** The game's rules over its market's titles (read when asked: tests may swap the market). */
export function fairPlayOf(ctx: Pick<AppContext, 'market' | 'config'>): FairPlay {
  return { title: (id) => ctx.market.title(id), timeZone: ctx.config.timeZone }
}

function titleName(fairPlay: FairPlay, titleId: number): string {
  return fairPlay.title(titleId)?.n ?? `#${titleId}`
}

export function marketClosed(fairPlay: FairPlay, titleId: number, opensAt: number): Refusal {
  const text = marketClosedText(titleName(fairPlay, titleId), zonedIsoMinute(opensAt, fairPlay.timeZone))
  return new Refusal(fairPlayCodes.marketClosed, text)
}

function refusalError(fairPlay: FairPlay, titleId: number, refusal: TagRefusal): Refusal {
  if (refusal.reason === 'marketClosed') return marketClosed(fairPlay, titleId, refusal.opensAt)
  const judgedAt = zonedIsoMinute(refusal.judgedAt, fairPlay.timeZone)
  const text = oppositePredictionText(titleName(fairPlay, titleId), refusal.running.trend, judgedAt)
  return new Refusal(fairPlayCodes.oppositePrediction, text)
}

/** Throws the 409 of a tag that `tagRefusal` refuses, given the player's running predictions on the title. */
export function refuseUnfairTag(
  fairPlay: FairPlay,
  tag: { titleId: number; trend: Trend; now: number },
  running: readonly PredictionOnTitle[],
): void {
  const refusal = tagRefusal({
    predictions: running,
    titleId: tag.titleId,
    trend: tag.trend,
    hours: fairPlay.title(tag.titleId)?.hours,
    now: tag.now,
  })
  if (refusal) throw refusalError(fairPlay, tag.titleId, refusal)
}

/** Throws the 409 of a bet on a poll whose title's market is closed at `now`. */
export function refuseBetOnClosedMarket(fairPlay: FairPlay, titleId: number, now: number): void {
  const opensAt = betClosedUntil(fairPlay.title(titleId)?.hours, now)
  if (opensAt !== undefined) throw marketClosed(fairPlay, titleId, opensAt)
}

/**
 * The player's running predictions on a title (trend, and created_at as `made`), for the rule against
 * opposite ones. Running are those due after the evaluation job's progress `evaluatedTo`, that is made
 * after `madeAfter` = evaluatedTo - 3 h (read through the (user, created_at) index), and those of keys
 * the market has not priced yet (normally none: the pending keys first, by their index, then each one's
 * minute of the due index; the cross join keeps SQLite's planner in that order and the unary pluses off
 * the player's whole history and the title's). The `not exists` drops one an evaluation committed since
 * evaluatedTo was read. Every value is a whole parameter, so placePrediction can compile it once.
 */
export function runningOnTitleSql(
  userId: number,
  titleId: number,
  madeAfter: number,
): RawBuilder<{ trend: Trend; made: number }> {
  const ofPendingKey = ofKeySql(sql.raw('p.title_id'), sql.raw('p.due_minute'), sql.raw('p.covered_to'))
  return sql<{ trend: Trend; made: number }>`select t.trend, t.created_at as made from tagged_messages t
    where t.user_id = ${userId} and t.created_at > ${madeAfter}
      and t.title_id = ${titleId}
      and not exists (select 1 from evaluation_prices p where ${evaluationMatchSql()})
  union all
  select t.trend, t.created_at as made from evaluation_prices p cross join tagged_messages t
    where p.price is null and +p.title_id = ${titleId} and ${ofPendingKey} and +t.user_id = ${userId}`
}

/** A row of runningOnTitleSql as the domain rule reads it: a prediction on `titleId`, not judged. */
export function runningOnTitle(titleId: number, row: { trend: Trend; made: number }): PredictionOnTitle {
  return { titleId, trend: row.trend, createdAt: Number(row.made) }
}
