/**
 * How long callers wait for a database connection: timed where a transaction starts (from asking for
 * it to its first statement, so the BEGIN's round trip is in it too), the unit that holds a connection
 * while requests and jobs queue behind it. Kept per database object, so the server/db helpers need no
 * metrics of their own and a database without a registered observer costs one map lookup.
 */
const observers = new WeakMap<object, (seconds: number) => void>()

export function observePoolWaits(db: object, observe: (seconds: number) => void): void {
  observers.set(db, observe)
}

/** Call right before asking for a connection; call what it returns once the connection is held. */
export function poolWaitTimer(db: object): () => void {
  const observe = observers.get(db)
  if (!observe) return () => {}
  const asked = performance.now()
  return () => observe((performance.now() - asked) / 1000)
}
