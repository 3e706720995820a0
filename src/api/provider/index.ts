export {
  API_KEY_HEADER,
  API_KEY_QUERY_PARAMETER,
  type ProviderAuth,
} from './auth'
export {
  createProviderClient,
  type ProviderCall,
  type ProviderClient,
  type ProviderClientOptions,
} from './client'
export {
  type EndpointDefinition,
  type PathParamNames,
  type ProviderEndpointName,
  type ProviderEndpoints,
  pathParamNames,
  providerEndpoints,
} from './endpoints'
export {
  InvalidParameterError,
  ProviderRequestError,
  ProviderResponseError,
  RequiredParameterError,
} from './errors'
export { type PreparedRequest, prepareRequest, type QueryArrayFormat } from './request'
export type {
  BodyValue,
  CallOptions,
  EndpointArgs,
  EndpointMethod,
  PathValue,
  ProviderMethods,
  QueryArgs,
  QueryValue,
} from './types'
