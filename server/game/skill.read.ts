import { sql } from 'kysely'
import type { JudgedCall, Skill } from '../../src/domain/skill'
import { skillOf } from '../../src/domain/skill'
import type { Executor } from '../db/database'
import { evaluationMatchSql, isCorrectSql } from './prediction-sql'

/**
 * The crowd on a prediction's message and title before it (`t`): predictions of one direction made
 * earlier, by the (message, title, created) index.
 */
function crowdBeforeSql(trend: 'Up' | 'Down') {
  return sql<number>`(select count(*) from tagged_messages c
    where c.message_id = t.message_id and c.title_id = t.title_id
      and c.created_at < t.created_at and c.trend = ${trend})`
}

/**
 * A player's judged predictions, each with whether it was right and the crowd's split on its message
 * and title when it was made: by the player's index, one indexed count per prediction.
 */
export async function judgedCallsOf(db: Executor, userId: number): Promise<JudgedCall[]> {
  const rows = await db
    .selectFrom('taggedMessages as t')
    .innerJoin('evaluationPrices as p', (join) => join.on(evaluationMatchSql()))
    .select([
      't.trend',
      isCorrectSql('t.trend', 't.at_price', 'p.price').as('correct'),
      crowdBeforeSql('Up').as('crowdUp'),
      crowdBeforeSql('Down').as('crowdDown'),
    ])
    .where('t.userId', '=', userId)
    .execute()
  return rows.map((row) => ({
    trend: row.trend,
    // SQLite answers 0/1, PostgreSQL a boolean
    correct: Boolean(row.correct),
    crowdUp: Number(row.crowdUp),
    crowdDown: Number(row.crowdDown),
  }))
}

/** A player's skill (src/domain/skill.ts) over their judged predictions. */
export async function skillOfUser(db: Executor, userId: number): Promise<Skill> {
  return skillOf(await judgedCallsOf(db, userId))
}
