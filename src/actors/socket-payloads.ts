import { liveMessageSchema, tickSchema } from '../api/market'
import { groupsChangedSchema } from '../api/realtime'
import { defaultTickSource, type SocketPayloads } from './socket.actors'

/** The parsers of pushed ticks, messages and group changes: loaded with socket.io-client, keeping zod out of the boot. */
export const socketPayloads: SocketPayloads = {
  tick(raw) {
    const tick = tickSchema.safeParse({ ...raw, s: raw?.s ?? defaultTickSource })
    return tick.success ? tick.data : undefined
  },
  message(raw) {
    const message = liveMessageSchema.safeParse(raw)
    return message.success ? message.data : undefined
  },
  groupsChanged(raw) {
    const change = groupsChangedSchema.safeParse(raw)
    return change.success ? change.data : undefined
  },
}
