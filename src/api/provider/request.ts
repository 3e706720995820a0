import { type EndpointDefinition, pathParamNames } from './endpoints'
import { InvalidParameterError, RequiredParameterError } from './errors'

/** How a list in the query goes on the wire: `a=1,2` (comma, the default) or `a=1&a=2` (repeat). */
export type QueryArrayFormat = 'comma' | 'repeat'

/** One request, ready to send: the path and query are encoded, the body not yet serialized. */
export interface PreparedRequest {
  readonly method: EndpointDefinition['method']
  /** the encoded path, e.g. `/titles/AAPL,BRK%2FB/history` */
  readonly path: string
  /** encoded `name=value` pairs, in the order given */
  readonly query: [string, string][]
  readonly body: unknown
}

interface RawArgs {
  readonly path?: Readonly<Record<string, unknown>>
  readonly query?: Readonly<Record<string, unknown>>
  readonly body?: unknown
}

const isMissing = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.every((item) => item === undefined || item === null || item === ''))

/**
 * Checks the required parameters and encodes the path and query of one call of `endpoint` (the table's
 * entry named `name`). Throws RequiredParameterError or InvalidParameterError; sends nothing.
 */
export function prepareRequest(
  name: string,
  endpoint: EndpointDefinition,
  args: RawArgs = {},
  queryArrays: QueryArrayFormat = 'comma',
): PreparedRequest {
  const pathArgs = args.path ?? {}
  const segments = new Map<string, string>()
  for (const param of pathParamNames(endpoint.path)) {
    const value = pathArgs[param]
    if (isMissing(value)) throw new RequiredParameterError(param, name)
    const encoded = (Array.isArray(value) ? value : [value]).map((item) => encodeURIComponent(String(item)))
    const segment = encoded.join(',')
    if (segment === '.' || segment === '..') throw new InvalidParameterError(param, name, 'a dot segment')
    segments.set(param, segment)
  }
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (_, param: string) => segments.get(param) as string)

  const queryArgs = args.query ?? {}
  const allowed = new Set(['format', ...(endpoint.query ?? [])])
  for (const param of endpoint.requiredQuery ?? []) {
    if (isMissing(queryArgs[param])) throw new RequiredParameterError(param, name)
  }
  const query: [string, string][] = []
  for (const [param, value] of Object.entries(queryArgs)) {
    if (!allowed.has(param))
      throw new InvalidParameterError(param, name, 'not a query parameter of this call')
    if (value === undefined || value === null) continue
    const key = encodeURIComponent(param)
    if (Array.isArray(value)) {
      const items = value.map((item) => encodeURIComponent(String(item)))
      if (queryArrays === 'repeat') for (const item of items) query.push([key, item])
      else query.push([key, items.join(',')])
    } else {
      query.push([key, encodeURIComponent(String(value))])
    }
  }

  const hasBody = args.body !== undefined && args.body !== null
  if (endpoint.body === 'required' && !hasBody) throw new RequiredParameterError('body', name)
  if (!endpoint.body && hasBody) throw new InvalidParameterError('body', name, 'this call sends no body')
  return { method: endpoint.method, path, query, body: endpoint.body ? args.body : undefined }
}
