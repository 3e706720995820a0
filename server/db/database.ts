import type { Kysely, Transaction } from 'kysely'
import type { AnnouncementsTable } from './tables/announcements.table'
import type {
  AuthorScoreProgressTable,
  AuthorScoreRecountsTable,
  AuthorScoresTable,
  MessageAuthorsTable,
  MessageVerdictsTable,
} from './tables/author-signals.table'
import type { GroupMembersTable, UserGroupsTable } from './tables/groups.table'
import type { IdempotencyKeysTable } from './tables/idempotency-keys.table'
import type { InvitationCodesTable } from './tables/invitation-codes.table'
import type { MarketMessagesTable } from './tables/market-messages.table'
import type { OAuthAccountsTable } from './tables/oauth-accounts.table'
import type { PollsTable, VotesTable } from './tables/polls.table'
import type { PushSubscriptionsTable } from './tables/push-subscriptions.table'
import type {
  BotsTable,
  RankingDaysTable,
  RankingFoldsTable,
  RankingTotalsTable,
  TrophiesTable,
  TrophyWeeksTable,
} from './tables/rankings.table'
import type { SessionsTable } from './tables/sessions.table'
import type { SettlementsTable } from './tables/settlements.table'
import type { SignInFailuresTable } from './tables/sign-in-failures.table'
import type {
  EvaluationPricesTable,
  EvaluationProgressTable,
  TaggedMessagesTable,
} from './tables/tagged-messages.table'
import type { NamesVersionTable, UsersTable } from './tables/users.table'
import type { LedgerSealTable, LedgerTable, WalletsTable } from './tables/wallets.table'

/** The whole schema as Kysely sees it (camelCase; CamelCasePlugin maps to snake_case columns). */
export interface Database {
  users: UsersTable
  sessions: SessionsTable
  pushSubscriptions: PushSubscriptionsTable
  invitationCodes: InvitationCodesTable
  wallets: WalletsTable
  ledger: LedgerTable
  ledgerSeal: LedgerSealTable
  settlements: SettlementsTable
  oauthAccounts: OAuthAccountsTable
  signInFailures: SignInFailuresTable
  idempotencyKeys: IdempotencyKeysTable
  marketMessages: MarketMessagesTable
  polls: PollsTable
  votes: VotesTable
  userGroups: UserGroupsTable
  groupMembers: GroupMembersTable
  taggedMessages: TaggedMessagesTable
  evaluationPrices: EvaluationPricesTable
  evaluationProgress: EvaluationProgressTable
  trophyWeeks: TrophyWeeksTable
  trophies: TrophiesTable
  rankingDays: RankingDaysTable
  rankingTotals: RankingTotalsTable
  rankingFolds: RankingFoldsTable
  bots: BotsTable
  messageAuthors: MessageAuthorsTable
  authorScores: AuthorScoresTable
  authorScoreProgress: AuthorScoreProgressTable
  messageVerdicts: MessageVerdictsTable
  authorScoreRecounts: AuthorScoreRecountsTable
  announcements: AnnouncementsTable
  namesVersion: NamesVersionTable
}

export type Db = Kysely<Database>
export type Tx = Transaction<Database>
/** Repositories take either the database or a transaction as their first argument. */
export type Executor = Db | Tx
