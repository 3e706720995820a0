import type { Generated, Selectable } from 'kysely'

/** Money holder; balances are integer hundredths of a TTC and never negative (a CHECK enforces it). */
export interface WalletsTable {
  address: string
  /** null for the Bank and for wallets of deleted accounts */
  userId: number | null
  balance: number
  createdAt: number
}

export const ledgerTypes = ['wager', 'tag', 'payment', 'grant', 'reward'] as const
export type LedgerType = (typeof ledgerTypes)[number]

/** Append-only: every balance change is one row, written in the transaction that changes the balance. */
export interface LedgerTable {
  id: Generated<number>
  walletAddress: string
  type: LedgerType
  /** signed hundredths of a TTC */
  amount: number
  /** what the money is for, e.g. 'signup', 'poll:12', 'account-deleted' */
  reference: string
  createdAt: number
  /** the row's link in the ledger's hash chain (0014), set by the seal job; null until sealed */
  chainHash: Generated<string | null>
}

/** One row: the ledger's sealed head (server/game/ledger-seal.ts). */
export interface LedgerSealTable {
  id: number
  /** every ledger row up to this id is sealed */
  sealedTo: number
  /** the chain hash of row sealedTo ('' before the first) */
  headHash: string
}

export type WalletRow = Selectable<WalletsTable>
export type LedgerRow = Selectable<LedgerTable>
