import type { Selectable } from 'kysely'

/** Links a social sign-in identity to an account. */
export interface OAuthAccountsTable {
  provider: string
  providerUserId: string
  userId: number
  createdAt: number
}

export type OAuthAccountRow = Selectable<OAuthAccountsTable>
