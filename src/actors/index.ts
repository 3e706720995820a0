export { type ErrorRouting, errorRoutingFor, type Navigator } from './navigation'
export type { Notice, NoticeKind, Notifier } from './notifier'
export {
  type ApiRequest,
  callServer,
  callWithPolicy,
  provideServerErrorPolicy,
  runWithPolicy,
  type ServerErrorPolicyDeps,
  settle,
} from './server-error.actors'
export { provideStateFetch, requestState, stateCallUnderPolicy } from './state-fetch.actors'
export { loadRecentChampions, provideRecentChampions } from './store.actors'
