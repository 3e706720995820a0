/** The lazily loaded schema module (zod and the shared schemas). */
export type ClientSchemas = typeof import('./schemas')
export type { StoredSchemas } from './schemas'

let loading: Promise<ClientSchemas> | undefined

/**
 * The schemas, imported once (the client starts the import at boot); a failed import is tried again
 * by the next call.
 */
export function loadSchemas(): Promise<ClientSchemas> {
  loading ??= import('./schemas').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
