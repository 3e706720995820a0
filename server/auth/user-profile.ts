import type { UserProfile } from '../../src/api/users'
import { fromHundredths } from '../../src/domain/currency'
import type { Executor } from '../db/database'
import { predictionsWithEvaluation } from '../game/evaluated-predictions'
import { isCorrectSql } from '../game/prediction-sql'

/** What `GET /v1/users/{user}` adds to the public profile for the user info dialog (spec §2). */
export type ProfileSummary = Omit<
  UserProfile,
  'id' | 'username' | 'rank' | 'liveRank' | 'userBadges' | 'createdAt'
>

/**
 * One player's balance, public groups and counts of bets and predictions, in indexed reads by user id.
 * Private groups stay private: only groups anybody could join are named.
 */
export async function profileSummaryOf(db: Executor, userId: number): Promise<ProfileSummary> {
  const [balance, groups, votes, predictions] = await Promise.all([
    db
      .selectFrom('wallets')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), eb.lit(0)).as('total'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('groupMembers as m')
      .innerJoin('userGroups as g', 'g.id', 'm.groupId')
      .select(['g.id', 'g.name'])
      .where('m.userId', '=', userId)
      .where('m.status', '=', 'active')
      .where('g.publicGroup', '=', 1)
      .orderBy('g.id')
      .execute(),
    db
      .selectFrom('votes')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('payout', 'is', null).then(1).else(0).end()).as('open'),
        eb.fn.sum<number>(eb.case().when('payout', '>', 0).then(1).else(0).end()).as('won'),
      ])
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow(),
    predictionsWithEvaluation(db)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('p.price', 'is', null).then(1).else(0).end()).as('running'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(isCorrectSql('t.trend', 't.at_price', 'p.price'))
              .then(1)
              .else(0)
              .end(),
          )
          .as('correct'),
      ])
      .where('t.userId', '=', userId)
      .executeTakeFirstOrThrow(),
  ])
  return {
    balance: fromHundredths(Number(balance.total)),
    groups: groups.map((group) => ({ id: Number(group.id), name: group.name })),
    votes: { total: Number(votes.total), open: Number(votes.open ?? 0), won: Number(votes.won ?? 0) },
    predictions: {
      total: Number(predictions.total),
      running: Number(predictions.running ?? 0),
      correct: Number(predictions.correct ?? 0),
    },
  }
}
