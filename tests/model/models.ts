import { appBootModel } from './app-boot.model'
import { betModel } from './bet.model'
import { betDialogModel } from './bet-dialog.model'
import { groupListsModel } from './group-lists.model'
import { groupPushModel } from './group-push.model'
import { groupsModel } from './groups.model'
import { invitationsModel } from './invitations.model'
import type { PathModel } from './paths'
import { pollLifecycleModel } from './poll-lifecycle.model'
import { pollsModel } from './polls.model'
import { predictionLifecycleModel } from './prediction-lifecycle.model'
import { predictionsModel } from './predictions.model'
import { rankingModel } from './ranking.model'
import { serverErrorModel } from './server-error.model'
import { serviceWorkerModel } from './service-worker.model'
import { sessionModel } from './session.model'
import { socketModel } from './socket.model'
import { stateFetchModel } from './state-fetch.model'
import { storeModel } from './store.model'
import { transactionsModel } from './transactions.model'

/** Every machine with generated path tests, in the order of docs/paths.md. */
export const pathModels: readonly PathModel[] = [
  serverErrorModel,
  stateFetchModel,
  storeModel,
  pollsModel,
  pollLifecycleModel,
  betModel,
  betDialogModel,
  predictionsModel,
  predictionLifecycleModel,
  groupsModel,
  invitationsModel,
  groupListsModel,
  groupPushModel,
  rankingModel,
  transactionsModel,
  sessionModel,
  socketModel,
  appBootModel,
  serviceWorkerModel,
]
