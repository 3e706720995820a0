import { sql } from 'kysely'
import type { Db } from '../../server/db/database'
import { mintedTotal, walletTotal } from '../../server/game/ledger'

export interface MoneyAudit {
  /** wallets (the Bank's too) + stakes of unsettled polls - money ever minted: 0 when conserved */
  imbalance: number
  /** wallets whose balance is not the sum of their ledger rows */
  unbookedWallets: string[]
  negativeBalances: number
  /** polls paid other than exactly once: payments before settlement, a wallet paid twice, a sum not the pot */
  pollsPaidWrong: {
    pollId: number
    settled: boolean
    pot: number
    paid: number
    rows: number
    wallets: number
  }[]
  settledPolls: number
  unsettledPolls: number
}

/** The money rules of DESIGN.md §3 over the whole database, as one comparable object. */
export async function auditMoney(db: Db): Promise<MoneyAudit> {
  const [minted, wallets] = [await mintedTotal(db), await walletTotal(db)]
  const open = await db
    .selectFrom('votes')
    .innerJoin('polls', 'polls.id', 'votes.pollId')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('votes.ttcBet'), eb.lit(0)).as('total'))
    .where('polls.settledAt', 'is', null)
    .executeTakeFirstOrThrow()
  const drift = await db
    .selectFrom('wallets')
    .leftJoin('ledger', 'ledger.walletAddress', 'wallets.address')
    .select(['wallets.address', 'wallets.balance', sql<number>`coalesce(sum(ledger.amount), 0)`.as('booked')])
    .groupBy(['wallets.address', 'wallets.balance'])
    .execute()
  const polls = await db
    .selectFrom('polls')
    .leftJoin('votes', 'votes.pollId', 'polls.id')
    .select(['polls.id', 'polls.settledAt', sql<number>`coalesce(sum(votes.ttc_bet), 0)`.as('pot')])
    .groupBy(['polls.id', 'polls.settledAt'])
    .execute()
  const payments = await db
    .selectFrom('ledger')
    .select(['reference', 'walletAddress', 'amount'])
    .where('type', '=', 'payment')
    .where('reference', 'like', 'poll:%')
    .execute()
  const byPoll = new Map<number, { paid: number; rows: number; wallets: Set<string> }>()
  for (const row of payments) {
    const id = Number(row.reference.slice('poll:'.length))
    const entry = byPoll.get(id) ?? { paid: 0, rows: 0, wallets: new Set<string>() }
    entry.paid += Number(row.amount)
    entry.rows += 1
    entry.wallets.add(row.walletAddress)
    byPoll.set(id, entry)
  }
  const pollsPaidWrong: MoneyAudit['pollsPaidWrong'] = []
  for (const poll of polls) {
    const settled = poll.settledAt !== null
    const pot = Number(poll.pot)
    const paid = byPoll.get(poll.id) ?? { paid: 0, rows: 0, wallets: new Set<string>() }
    const right = settled ? paid.paid === pot && paid.rows === paid.wallets.size : paid.rows === 0
    if (!right)
      pollsPaidWrong.push({
        pollId: poll.id,
        settled,
        pot,
        paid: paid.paid,
        rows: paid.rows,
        wallets: paid.wallets.size,
      })
  }
  return {
    imbalance: wallets + Number(open.total) - minted,
    unbookedWallets: drift.filter((w) => Number(w.balance) !== Number(w.booked)).map((w) => w.address),
    negativeBalances: drift.filter((w) => Number(w.balance) < 0).length,
    pollsPaidWrong,
    settledPolls: polls.filter((poll) => poll.settledAt !== null).length,
    unsettledPolls: polls.filter((poll) => poll.settledAt === null).length,
  }
}
