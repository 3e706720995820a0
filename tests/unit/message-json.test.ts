import { afterEach, describe, expect, it, vi } from 'vitest'
import { messageJson, messageListJson } from '../../server/http/message-json'
import { frozenMessage } from '../../server/market/messages.repo'
import { type ServerMessage, serverMessageSchema } from '../../src/api/market'
import { serverMessage } from '../support/game-fixtures'

/** The fixture's message (the client's looser type) as the server's, with keys added or changed. */
const message = (id: string, extra: Record<string, unknown> = {}) =>
  ({ ...serverMessage(id), ...extra }) as unknown as ServerMessage

describe('messageJson', () => {
  afterEach(() => vi.restoreAllMocks())

  it('checks and serializes a shared (frozen) message once, as the schema encodes it', () => {
    const encode = vi.spyOn(serverMessageSchema, 'encode')
    // a key the schema does not know is left out, as the response schema left it out
    const shared = frozenMessage(message('m1', { extra: 'not sent' }))
    const text = messageJson(shared)
    expect(JSON.parse(text)).toEqual(serverMessage('m1'))
    expect(messageJson(shared)).toBe(text)
    expect(encode).toHaveBeenCalledTimes(1)
  })

  it('serializes a message that may still change every time', () => {
    const changing = message('m2')
    expect(JSON.parse(messageJson(changing)).tweet).toBe('$AAPL and $TSLA up')
    changing.tweet = '$AAPL down'
    expect(JSON.parse(messageJson(changing)).tweet).toBe('$AAPL down')
  })

  it('refuses a message its schema refuses, so no malformed list goes out', () => {
    const broken = frozenMessage(message('m3', { t: 'yesterday' }))
    expect(() => messageJson(broken)).toThrow()
  })

  it('joins a list into one JSON array', () => {
    const messages = ['a', 'b'].map((id) => frozenMessage(message(id)))
    expect(JSON.parse(messageListJson(messages))).toEqual([serverMessage('a'), serverMessage('b')])
    expect(messageListJson([])).toBe('[]')
  })
})
