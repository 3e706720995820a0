import type { z } from 'zod'
import type { EndpointDefinition, PathParamNames, ProviderEndpointName, ProviderEndpoints } from './endpoints'

/** A path parameter; a list (idents, articleIds, authors) is sent comma-separated. */
export type PathValue = string | number | readonly (string | number)[]

/** A query parameter; null and undefined are left out, a list is sent as the client's `queryArrays` says. */
export type QueryValue = string | number | boolean | readonly string[] | null | undefined

type ListedQuery<E> = E extends { readonly query: readonly (infer Q extends string)[] } ? Q : never
type RequiredQuery<E> = E extends { readonly requiredQuery: readonly (infer Q extends string)[] } ? Q : never

/** The query of one call: the table's names plus `format`, optional unless the table requires them. */
export type QueryArgs<E> = { readonly [K in ListedQuery<E> | 'format']?: QueryValue } & {
  readonly [K in RequiredQuery<E>]: string | number | readonly string[]
}

type PathPart<E extends EndpointDefinition> = [PathParamNames<E['path']>] extends [never]
  ? { readonly path?: undefined }
  : { readonly path: { readonly [K in PathParamNames<E['path']>]: PathValue } }

type QueryPart<E> = [RequiredQuery<E>] extends [never]
  ? { readonly query?: QueryArgs<E> }
  : { readonly query: QueryArgs<E> }

/** A JSON body: a plain object or array, sent with JSON.stringify. */
export type BodyValue = object

type BodyPart<E> = E extends { readonly body: 'required' }
  ? { readonly body: BodyValue }
  : E extends { readonly body: 'optional' }
    ? { readonly body?: BodyValue }
    : { readonly body?: undefined }

/** Per-call options, beside the request's parts. */
export interface CallOptions<T> {
  /** parses the answer; the call then resolves to its output, or rejects with ProviderResponseError */
  readonly schema?: z.ZodType<T>
  /** aborts the call and its retries */
  readonly signal?: AbortSignal
  /** overrides the client's `retries` for this call */
  readonly retries?: number
}

/** What one call of endpoint `N` takes. */
export type EndpointArgs<N extends ProviderEndpointName> = PathPart<ProviderEndpoints[N]> &
  QueryPart<ProviderEndpoints[N]> &
  BodyPart<ProviderEndpoints[N]>

/** Whether every property of `T` is optional (so an argument of type `T` may be left out). */
export type AllOptional<T> = Record<never, never> extends T ? true : false

/** The method of endpoint `N`; its argument may be left out when nothing in it is required. */
export type EndpointMethod<N extends ProviderEndpointName> =
  AllOptional<EndpointArgs<N>> extends true
    ? <T = unknown>(args?: EndpointArgs<N> & CallOptions<T>) => Promise<T>
    : <T = unknown>(args: EndpointArgs<N> & CallOptions<T>) => Promise<T>

/** One method per endpoint of the table, named as in the table. */
export type ProviderMethods = { readonly [N in ProviderEndpointName]: EndpointMethod<N> }
