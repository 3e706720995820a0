import { randomBytes } from 'node:crypto'
import { connect } from 'node:net'

/** A socket.io client that joined the main namespace and then stopped reading. */
export interface StalledReader {
  /** Reads again; resolves, once the server has closed the connection, with every byte received. */
  readToEnd(): Promise<number>
  destroy(): void
}

/**
 * Opens a socket.io connection over WebSocket on a raw TCP socket (`port` on 127.0.0.1, no Origin),
 * joins the main namespace and stops reading: what the server sends then fills the kernel's buffers
 * and, past them, the server's own.
 */
export function connectStalledReader(port: number, path = '/socket.io/'): StalledReader {
  const tcp = connect(port, '127.0.0.1')
  tcp.on('error', () => {})
  tcp.write(
    [
      `GET ${path}?EIO=4&transport=websocket HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  )
  let received = 0
  tcp.on('data', (chunk: Buffer) => {
    if (received === 0) {
      // after the upgrade, the namespace connect "40", masked as a client frame must be
      tcp.write(Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0x34, 0x30]))
      tcp.pause()
    }
    received += chunk.length
  })
  const closed = new Promise<void>((resolve) => tcp.once('close', () => resolve()))
  return {
    async readToEnd() {
      tcp.resume()
      await closed
      return received
    },
    destroy() {
      tcp.destroy()
    },
  }
}
