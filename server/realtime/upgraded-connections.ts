import type { Server as HttpServer } from 'node:http'
import type { Duplex } from 'node:stream'

/**
 * The TCP connections upgraded to WebSocket. The HTTP server's close waits for them, and a client that
 * ignores the close handshake would hold shutdown for ws's 30 s close timeout: after a grace period the
 * stragglers are destroyed.
 */
export function trackUpgradedConnections(server: HttpServer): { closeAll(graceMs: number): Promise<void> } {
  const open = new Set<Duplex>()
  function forget(this: Duplex): void {
    open.delete(this)
  }
  server.on('upgrade', (_request, socket: Duplex) => {
    open.add(socket)
    socket.once('close', forget)
  })
  return {
    async closeAll(graceMs) {
      const deadline = Date.now() + graceMs
      while (open.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      for (const socket of open) socket.destroy()
    },
  }
}
