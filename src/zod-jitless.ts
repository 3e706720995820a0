/**
 * What `zod` resolves to in the browser build (vite.config.ts aliases it here). zod compiles fast
 * object parsers with `new Function` unless told not to; under the server's CSP (script-src 'self',
 * no 'unsafe-eval') that attempt is a CSP violation on every page load. Configuring zod in the module
 * every schema imports it from guarantees the setting precedes the first parse, whatever the chunk order.
 */
import { config } from 'zod/v4'

config({ jitless: true })

export * from 'zod/v4'
export { default } from 'zod/v4'
