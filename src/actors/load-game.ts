/** The lazily loaded game module: the boot, the domain stores, the game actors and their links. */
export type GameModule = typeof import('./client-game-start')

let loading: Promise<GameModule> | undefined

/**
 * The game module, imported once (the client core starts the import at boot, beside the schemas); a
 * failed import is tried again by the next call.
 */
export function loadGame(): Promise<GameModule> {
  loading ??= import('./client-game-start').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
