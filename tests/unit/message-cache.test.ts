import { describe, expect, it } from 'vitest'
import { MessageCache } from '../../server/game/message-cache'
import type { ServerMessage } from '../../src/api/market'

const message = (id: string): ServerMessage => ({
  message_id: id,
  twitter_user: { profile_image_url: 'https://example.test/a.png', name: 'A', screen_name: 'a' },
  tweet: '#1 up',
  t: 1,
  titles: [{ title_id: 2494, start_index: 0, end_index: 2 }],
})

describe('message cache of the tag route', () => {
  it('asks the market once per message found, every time for one not found', async () => {
    const asked: string[] = []
    const market = {
      message: async (id: string) => {
        asked.push(id)
        return id.startsWith('m') ? message(id) : undefined
      },
    }
    const cache = new MessageCache(market)
    expect(await cache.message('m1')).toEqual(message('m1'))
    expect(await cache.message('m1')).toEqual(message('m1'))
    expect(await cache.message('x1')).toBeUndefined()
    expect(await cache.message('x1')).toBeUndefined()
    expect(asked).toEqual(['m1', 'x1', 'x1'])
  })

  it('asks again once a kept message is older than its maximum age', async () => {
    let asked = 0
    const cache = new MessageCache(
      {
        message: async (id: string) => {
          asked += 1
          return message(id)
        },
      },
      0,
    )
    await cache.message('m1')
    await cache.message('m1')
    expect(asked).toBe(2)
  })
})
