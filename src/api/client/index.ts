export { ApiError, isApiError, noAnswerStatus } from './api-error'
export { appVersion } from './app-version'
export {
  apiCalls,
  type CallArgs,
  type CallDefinition,
  type CallName,
  type CallOptions,
  type CallResult,
  type HttpMethod,
  type PathParamNames,
  pathParamNames,
} from './calls'
export {
  type ApiCall,
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  newIdempotencyKey,
} from './client'
