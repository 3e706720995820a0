export { loadActivity, provideActivity } from './activity.actors'
export { defaultStoreLoaders, provideAppBoot, type StoreLoader, type StoreLoaders } from './app-boot.actors'
export { type BetDialogDeps, provideBetDialog, sendBetThrough } from './bet-dialog.actors'
export { type Client, type ClientOptions, clientFacade, createClient } from './client'
export { type ClientConfig, clientConfigFrom } from './client-config'
export { type ClientCore, type ClientCoreDeps, startClientCore } from './client-core'
export { type GameActors, type InspectObserver, startGameActors } from './client-game'
export { startGameLinks } from './client-links'
export { browserTimeZone, providePollCountdown, tickClock } from './clock.actors'
export { isOnline, watchConnectivity } from './connectivity.actors'
export { type DomainStores, domainStores, loadPerformance, type PersistedStore } from './domain-stores'
export {
  createErrorReporter,
  type ErrorReport,
  type ErrorReporter,
  reportUncaughtErrors,
} from './error-reporting'
export { authorizeFingerprint, platformFingerprint, readPlatformInfo } from './fingerprint'
export { type GameCall, gameCallFor, goToSignIn, type Sendable, signInRoute } from './game-api'
export {
  linkAnnouncementToCountdown,
  linkPollsToCountdown,
  linkPredictionsToPerformance,
  linkPrices,
  linkRealtime,
  linkResults,
  linkTaggedMessages,
  linkTitles,
  linkTitlesToSocket,
} from './game-links'
export {
  changeGroupWith,
  type GroupCalls,
  type GroupsDeps,
  groupCalls,
  provideGroups,
  storesIn,
} from './groups.actors'
export { type InspectorSwitch, inspectorFor, isInspectorOn, lazyInspector } from './inspector'
export { fetchUntaggedMessages, type LiveStreamDeps, provideLiveStream } from './live-stream.actors'
export { type ErrorRouting, errorRoutingFor, type Navigator } from './navigation'
export { notifierFor, provideNotifications } from './notifications.actors'
export type { Notice, NoticeKind, Notifier } from './notifier'
export {
  activityKeeper,
  performanceKeeper,
  pollsKeeper,
  restoreStore,
  type StoreKeeper,
  saveStoreWith,
  storageKeys,
  taggedMessagesKeeper,
} from './persisted-stores'
export {
  InvalidFormatError,
  type KeyValueStorage,
  type ListPersistence,
  memoryPersistence,
  memoryStorage,
  storagePersistence,
  type ValuePersistence,
  valuePersistence,
} from './persistence'
export { type BetDeps, loadPolls, postVote, provideBet, providePolls } from './polls.actors'
export {
  loadTaggedMessages,
  localTaggedMessages,
  mergeTaggedMessages,
  type PredictionsDeps,
  postPrediction,
  providePredictions,
  provideTaggedMessages,
  restoreTaggedMessages,
  saveTaggedMessages,
  saveTaggedMessagesActor,
  type TaggedMessagesDeps,
  taggedMessagesStorageKey,
} from './predictions.actors'
export { type PushBrowser, type PushRegistration, providePush, startPush, subscribePush } from './push.actors'
export {
  type ApiRequest,
  callServer,
  callWithPolicy,
  provideServerErrorPolicy,
  runWithPolicy,
  type ServerErrorPolicyDeps,
  settle,
} from './server-error.actors'
export {
  isServiceWorkerSupported,
  provideServiceWorker,
  type RegistrationLike,
  type ServiceWorkerDeps,
  startServiceWorker,
  type WorkboxLike,
} from './service-worker.actors'
export {
  lookUpSession,
  provideSession,
  refreshedCredentials,
  refreshSession,
  routeBySession,
} from './session.actors'
export { listenToSocket, provideSocket, socketClientOptions } from './socket.actors'
export { provideStateFetch, requestState, stateCallUnderPolicy } from './state-fetch.actors'
export { loadRecentChampions, provideRecentChampions } from './store.actors'
export { provideTitleChart, provideTitleOverview } from './title-data.actors'
