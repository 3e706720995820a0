import type { ChildProcess } from 'node:child_process'

/**
 * The next IPC message of `type` from a bench child process (a server or a load worker). Rejects, naming
 * the child, when it exits first or nothing comes within `timeoutMs`, so a stuck child fails the run
 * instead of hanging it.
 */
export function nextMessage<T extends { type: string }>(
  child: ChildProcess,
  type: T['type'],
  timeoutMs = 60_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new Error(`no '${type}' from child ${child.pid} in ${timeoutMs} ms`)),
      timeoutMs,
    )
    const onMessage = (message: { type: string }) => {
      if (message.type === type) finish(undefined, message as T)
    }
    const onExit = (code: number | null) => finish(new Error(`child ${child.pid} exited (${code})`))
    const finish = (error?: Error, message?: T) => {
      clearTimeout(timer)
      child.off('message', onMessage)
      child.off('exit', onExit)
      if (error) reject(error)
      else resolve(message as T)
    }
    child.on('message', onMessage)
    child.on('exit', onExit)
  })
}
