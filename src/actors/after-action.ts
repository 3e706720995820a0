/**
 * Runs `effect` a microtask later, once the XState action that calls this has finished. Actions that
 * send to another actor (a notice to the notifications actor, a reset to a store) would otherwise run
 * that actor's own actions while XState still counts the caller's action as running, and its
 * development build warns that `assign()`/`raise()` were called from a custom action. A microtask is
 * still before any rendering, and effects keep their order.
 */
export function afterAction(effect: () => void): void {
  queueMicrotask(effect)
}
