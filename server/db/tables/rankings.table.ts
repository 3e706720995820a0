import type { Generated, Selectable } from 'kysely'

/** A group's finished ISO week the trophy job has claimed (once), with or without trophies. */
export interface TrophyWeeksTable {
  groupId: number
  /** Monday 00:00 of the week in the game's time zone, epoch ms */
  weekStart: number
  /** players with evaluated predictions or settled bets in the group that week */
  activePlayers: number
  awardedAt: number
}

/** Gold (rank 1), silver (2) or bronce (3) of one group's week; players sharing a rank share the medal. */
export interface TrophiesTable {
  id: Generated<number>
  /** no foreign key: a trophy outlives its group */
  groupId: number
  /** the group's name when the trophy was won, shown once the group is gone */
  groupName: string
  weekStart: number
  rank: number
  userId: number
  /** hundredths of a TTC won that week */
  points: number
  awardedAt: number
}

/** A player's winnings of one local day (see server/game/ranking-days.ts). */
export interface RankingDaysTable {
  userId: number
  /** 00:00 of the day in the game's time zone, epoch ms */
  dayStart: number
  /** hundredths of a TTC: correct predictions' rewards plus bets' payout - stake */
  points: number
  correct: number
  evaluated: number
}

/** A player's ranking_days added up: what an all-time ranking reads (see server/game/ranking-days.ts). */
export interface RankingTotalsTable {
  userId: number
  points: number
  correct: number
  evaluated: number
}

/** How far predictions (by due time) and polls (by eval time) are folded into ranking_days. */
export interface RankingFoldsTable {
  kind: 'predictions' | 'polls'
  /** everything before this is folded */
  upto: number
  /** the zone the days were cut in; another one folds everything again */
  timeZone: string
}

export type BotStyle = 'trend' | 'contrarian' | 'random'

/** A simulated player: a real account that plays through the engine, never signs in. */
export interface BotsTable {
  userId: number
  /** how it guesses: with the last move, against it, or at random */
  style: BotStyle
  /** 0..1: how often it follows its style rather than a coin */
  skill: number
  lastActedAt: number
  createdAt: number
}

export type TrophyRow = Selectable<TrophiesTable>
export type BotRow = Selectable<BotsTable>
