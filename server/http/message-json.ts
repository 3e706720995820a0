import { type ServerMessage, serverMessageSchema } from '../../src/api/market'

const texts = new WeakMap<ServerMessage, string>()

/**
 * A message's JSON as the API sends it: checked against its schema (unknown keys dropped) and
 * serialized once per message object. The message stores share one frozen object per message with
 * every caller, so a list of 50 recent messages is 50 lookups and a join, where the response schema
 * checked and serialized all 50 for every caller (0.48 ms a list on the slow machine of bench/README).
 */
export function messageJson(message: ServerMessage): string {
  let text = texts.get(message)
  if (text === undefined) {
    text = JSON.stringify(serverMessageSchema.encode(message))
    // a frozen message never changes, so neither does its text; any other is serialized each time
    if (Object.isFrozen(message)) texts.set(message, text)
  }
  return text
}

/** A list of messages as a JSON array, each message's text from messageJson. */
export const messageListJson = (messages: readonly ServerMessage[]): string =>
  `[${messages.map(messageJson).join(',')}]`
