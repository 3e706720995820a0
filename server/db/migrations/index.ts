import type { Migration } from 'kysely'
import * as accounts from './0001-accounts'
import * as market from './0002-market'
import * as idempotency from './0003-idempotency'
import * as predictions from './0004-predictions'
import * as polls from './0005-polls'
import * as groups from './0006-groups'
import * as rankings from './0007-rankings'
import * as pollResults from './0008-poll-results'
import * as rankingTotals from './0009-ranking-totals'
import * as evaluationPrices from './0010-evaluation-prices'
import * as idempotencyRequests from './0011-idempotency-requests'
import * as playerInvitations from './0012-player-invitations'
import * as pollSidePots from './0013-poll-side-pots'
import * as groupInviters from './0014-group-inviters'
import * as authorSignals from './0015-author-signals'
import * as books from './0016-books'
import * as crowdByTitle from './0017-crowd-by-title'
import * as memberActivity from './0018-member-activity'
import * as authorScoreProgress from './0019-author-score-progress'
import * as newestMessages from './0020-newest-messages'
import * as signInAges from './0021-sign-in-ages'
import * as rememberedGroup from './0022-remembered-group'
import * as dailyCloseout from './0023-daily-closeout'
import * as pushSubscriptions from './0024-push-subscriptions'
import * as accountSuspension from './0025-account-suspension'
import * as announcements from './0026-announcements'
import * as namesVersion from './0027-names-version'

/** Every migration in order. Released ones are frozen: change the schema with a new file. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-market': market,
  '0003-idempotency': idempotency,
  '0004-predictions': predictions,
  '0005-polls': polls,
  '0006-groups': groups,
  '0007-rankings': rankings,
  '0008-poll-results': pollResults,
  '0009-ranking-totals': rankingTotals,
  '0010-evaluation-prices': evaluationPrices,
  '0011-idempotency-requests': idempotencyRequests,
  '0012-player-invitations': playerInvitations,
  '0013-poll-side-pots': pollSidePots,
  '0014-group-inviters': groupInviters,
  '0015-author-signals': authorSignals,
  '0016-books': books,
  '0017-crowd-by-title': crowdByTitle,
  '0018-member-activity': memberActivity,
  '0019-author-score-progress': authorScoreProgress,
  '0020-newest-messages': newestMessages,
  '0021-sign-in-ages': signInAges,
  '0022-remembered-group': rememberedGroup,
  '0023-daily-closeout': dailyCloseout,
  '0024-push-subscriptions': pushSubscriptions,
  '0025-account-suspension': accountSuspension,
  '0026-announcements': announcements,
  '0027-names-version': namesVersion,
}
