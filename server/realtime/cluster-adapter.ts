import { RedisAdapter, type RedisAdapterOptions } from '@socket.io/redis-adapter'
import type { BroadcastOptions } from 'socket.io-adapter'
import { LocalFanOut } from './fan-out-adapter'

type Packet = Parameters<RedisAdapter['broadcast']>[0]
// biome-ignore lint/suspicious/noExplicitAny: socket.io's Namespace, as RedisAdapter itself types it
type Namespace = any

/**
 * socket.io's Redis adapter for a cluster of server processes, with the local fan-out of
 * `FanOutAdapter` for broadcasts flagged local. The market's ticks and messages reach every process
 * once through the cluster's market channel and are emitted locally there (`io.local`): they take the
 * fast path and never pass through the adapter's per-broadcast Redis publish. What spans processes
 * through the adapter itself is rare: `serverSideEmit` (sessions ended on another process),
 * `fetchSockets`, `disconnectSockets`, a broadcast without the local flag.
 */
export class ClusterAdapter extends RedisAdapter {
  readonly #fanOut = new LocalFanOut(this)

  override broadcast(packet: Packet, opts: BroadcastOptions): void {
    if (opts.flags?.local && this.#fanOut.broadcast(packet, opts)) return
    super.broadcast(packet, opts)
  }
}

/**
 * What socket.io's `adapter` option takes, on the given Redis connections: socket.io calls it with
 * `new`, so a function, not an arrow (as the Redis adapter's own `createAdapter` returns).
 */
export function clusterAdapter(
  clients: { pub: unknown; sub: unknown },
  options: Partial<RedisAdapterOptions>,
): (nsp: Namespace) => ClusterAdapter {
  return function createClusterAdapter(nsp: Namespace) {
    return new ClusterAdapter(nsp, clients.pub, clients.sub, options)
  }
}
