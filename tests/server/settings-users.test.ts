import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultWatchList } from '../../src/domain/default-watch-list'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

const specDefaults = {
  isFirstTimeUser: true,
  dataUtilization: { analyticsCookies: true },
  notifications: {
    importantMessages: { email: false, push: true },
    dailyCloseout: { email: false, push: false },
  },
  watchList: [2517, 2494, 2793, 99979],
}

const publicKeys = ['createdAt', 'id', 'liveRank', 'rank', 'userBadges', 'username']
/** one player's answer adds the user info dialog's summary (see user-profile.test.ts) */
const profileKeys = [...publicKeys, 'balance', 'groups', 'predictions', 'votes'].sort()

describe.each(dialects)('users and settings on %s', (dialect) => {
  let server: TestServer
  let alice: SignedUp
  let bob: SignedUp
  beforeAll(async () => {
    server = await startTestServer(dialect)
    alice = await signUpPlayer(server)
    bob = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  describe('GET /v1/users/{user}', () => {
    it('finds a player by id, by username in any case, and me', async () => {
      for (const ref of [String(bob.user.id), bob.username, bob.username.toUpperCase()]) {
        const answer = await alice.client.get<Record<string, unknown>>(`/v1/users/${ref}`)
        expect(answer.status, ref).toBe(200)
        expect(answer.body).toMatchObject({ id: bob.user.id, username: bob.username })
        expect(Object.keys(answer.body).sort()).toEqual(profileKeys)
      }
      const me = await alice.client.get<Record<string, unknown>>('/v1/users/me')
      expect(me.status).toBe(200)
      expect(me.body).toMatchObject({ id: alice.user.id, username: alice.username })
      expect(JSON.stringify(me.body)).not.toContain(alice.email)
    })

    it('answers 404 for nobody and 401 for guests', async () => {
      const missing = await alice.client.get('/v1/users/999999')
      expect(missing.status).toBe(404)
      expect(missing.body).toEqual({ error: { code: 'not_found', message: 'User not found.' } })
      expect((await alice.client.get('/v1/users/no_such_player')).status).toBe(404)
      const guest = new HttpClient(server.url)
      for (const path of [`/v1/users/${bob.user.id}`, '/v1/users/me', `/v1/users/${bob.username}`]) {
        const answer = await guest.get(path)
        expect(answer.status).toBe(401)
        expect(answer.body).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in first.' } })
      }
    })
  })

  describe('GET /v1/users?name=', () => {
    const prefix = `q${randomBytes(3).toString('hex')}`
    const names = [`${prefix}_ab`, `${prefix}Zab`, `${prefix}_ac`, `${prefix.toUpperCase()}x`]
    beforeAll(async () => {
      for (const username of names)
        await signUpPlayer(server, { username, email: `${username}@example.test` })
    })

    const search = async (name: string) => {
      const answer = await alice.client.get<{ username: string }[]>(
        `/v1/users?${new URLSearchParams({ name })}`,
      )
      expect(answer.status).toBe(200)
      return answer.body.map((u) => u.username)
    }

    it('finds usernames containing the text, case-insensitively, the ones starting with it first', async () => {
      expect((await search(prefix)).sort()).toEqual([...names].sort())
      expect(await search(prefix.toUpperCase())).toHaveLength(4)
      expect(await search(`${prefix}_A`)).toEqual([`${prefix}_ab`, `${prefix}_ac`])
      expect(await search(`  ${prefix}_ab `)).toEqual([`${prefix}_ab`])
      // "maven" finds "marketmaven": the text may stand anywhere in the name
      expect((await search(prefix.slice(1))).sort()).toEqual([...names].sort())
      expect(await search(`${prefix.slice(2)}_a`)).toEqual([`${prefix}_ab`, `${prefix}_ac`])
    })

    it('lists the names that start with the text before those that contain it', async () => {
      const tail = `t${randomBytes(3).toString('hex')}`
      // sorted alphabetically alone, the names containing the text would come first
      for (const username of [`a${tail}`, `b${tail}`, `${tail}z`])
        await signUpPlayer(server, { username, email: `${username}@example.test` })
      expect(await search(tail)).toEqual([`${tail}z`, `a${tail}`, `b${tail}`])
      const answer = await alice.client.get<Record<string, unknown>[]>(`/v1/users?name=${prefix}_ab`)
      expect(Object.keys(answer.body[0] ?? {}).sort()).toEqual(publicKeys)
    })

    it('matches % and _ literally', async () => {
      // '_' is a LIKE wildcard: unescaped, `${prefix}_ab` would also match `${prefix}Zab`
      expect(await search(`${prefix}_`)).toEqual([`${prefix}_ab`, `${prefix}_ac`])
      expect(await search(`${prefix}%`)).toEqual([])
      expect(await search('%')).toEqual([])
      // inside a name too: unescaped, '_' would match the 'Z' of `${prefix}Zab`
      expect(await search(`${prefix.slice(1)}_a`)).toEqual([`${prefix}_ab`, `${prefix}_ac`])
      expect((await search('_')).every((name) => name.includes('_'))).toBe(true)
      expect(await search(`${prefix}\\`)).toEqual([])
    })

    it('returns at most 20 players', async () => {
      const many = `m${randomBytes(3).toString('hex')}`
      for (let i = 0; i < 21; i++) {
        const username = `${many}_${String(i).padStart(2, '0')}`
        await signUpPlayer(server, { username, email: `${username}@example.test` })
      }
      const found = await search(many)
      expect(found).toHaveLength(20)
      expect(found[0]).toBe(`${many}_00`)
      expect(found[19]).toBe(`${many}_19`)
    })

    it('refuses a missing, empty, over-long or extra query; guests get 401', async () => {
      for (const query of ['', '?name=', '?name=%20%20', `?name=${'a'.repeat(65)}`, '?name=a&limit=5']) {
        const answer = await alice.client.get<{ error: { code: string } }>(`/v1/users${query}`)
        expect(answer.status, query).toBe(400)
        expect(answer.body.error.code).toBe('validation_failed')
      }
      expect((await new HttpClient(server.url).get(`/v1/users?name=${prefix}`)).status).toBe(401)
    })
  })

  describe('settings', () => {
    it('start with the defaults of the spec, readable by id, username and me', async () => {
      const player = await signUpPlayer(server)
      expect(specDefaults.watchList).toEqual([...defaultWatchList])
      for (const ref of ['me', String(player.user.id), player.username, player.username.toUpperCase()]) {
        const answer = await player.client.get(`/v1/users/${ref}/settings`)
        expect(answer.status, ref).toBe(200)
        expect(answer.body).toEqual(specDefaults)
      }
    })

    it('PATCH merges nested keys and keeps what the patch leaves out', async () => {
      const player = await signUpPlayer(server)
      const first = await player.client.patch('/v1/users/me/settings', {
        notifications: { importantMessages: { email: true } },
      })
      expect(first.status).toBe(200)
      const afterFirst = {
        ...specDefaults,
        notifications: { ...specDefaults.notifications, importantMessages: { email: true, push: true } },
      }
      expect(first.body).toEqual(afterFirst)

      const second = await player.client.patch(`/v1/users/${player.user.id}/settings`, {
        isFirstTimeUser: false,
        dataUtilization: { analyticsCookies: false },
        notifications: { dailyCloseout: { push: true } },
        watchList: [99979, 2494],
      })
      const afterSecond = {
        isFirstTimeUser: false,
        dataUtilization: { analyticsCookies: false },
        notifications: {
          importantMessages: { email: true, push: true },
          dailyCloseout: { email: false, push: true },
        },
        watchList: [99979, 2494],
      }
      expect(second.status).toBe(200)
      expect(second.body).toEqual(afterSecond)

      const empty = await player.client.patch('/v1/users/me/settings', {})
      expect(empty.body).toEqual(afterSecond)
      const cleared = await player.client.patch('/v1/users/me/settings', { watchList: [] })
      expect(cleared.body).toEqual({ ...afterSecond, watchList: [] })
      expect((await player.client.get('/v1/users/me/settings')).body).toEqual({
        ...afterSecond,
        watchList: [],
      })
    })

    it('refuses bad patches with 400 and changes nothing', async () => {
      const player = await signUpPlayer(server)
      const bad: unknown[] = [
        { isFirstTimeUser: 'no' },
        { watchList: [2494, 2494] },
        { watchList: [-1] },
        { watchList: [1.5] },
        { watchList: Array.from({ length: 101 }, (_, i) => i + 1) },
        { notifications: { importantMessages: { sms: true } } },
        { notifications: { weekly: { email: true } } },
        { dataUtilization: { analyticsCookies: 1 } },
        { theme: 'dark' },
        [],
        null,
      ]
      for (const body of bad) {
        const answer = await player.client.patch<{ error: { code: string; fields?: object } }>(
          '/v1/users/me/settings',
          JSON.stringify(body),
        )
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(answer.body.error.code).toBe('validation_failed')
        expect(answer.body.error.fields).toEqual(expect.any(Object))
      }
      const duplicate = await player.client.patch<{ error: { message: string } }>('/v1/users/me/settings', {
        watchList: [1, 1],
      })
      expect(duplicate.body.error.message).toBe('A title can be on the watch list only once')
      expect((await player.client.get('/v1/users/me/settings')).body).toEqual(specDefaults)
    })

    it("another player's settings: 403 for reading and writing, and they stay as they were", async () => {
      const owner = await signUpPlayer(server)
      const nosy = await signUpPlayer(server)
      await owner.client.patch('/v1/users/me/settings', { isFirstTimeUser: false })
      for (const ref of [String(owner.user.id), owner.username, '999999', 'no_such_player']) {
        const read = await nosy.client.get(`/v1/users/${ref}/settings`)
        expect(read.status, ref).toBe(403)
        expect(read.body).toEqual({
          error: { code: 'forbidden', message: 'You are not allowed to do this.' },
        })
        const write = await nosy.client.patch(`/v1/users/${ref}/settings`, {
          isFirstTimeUser: true,
          watchList: [1],
        })
        expect(write.status, ref).toBe(403)
      }
      expect((await owner.client.get('/v1/users/me/settings')).body).toEqual({
        ...specDefaults,
        isFirstTimeUser: false,
      })
      expect((await nosy.client.get('/v1/users/me/settings')).body).toEqual(specDefaults)
    })

    it('guests get 401', async () => {
      const guest = new HttpClient(server.url)
      expect((await guest.get(`/v1/users/${alice.user.id}/settings`)).status).toBe(401)
      expect(
        (await guest.patch(`/v1/users/${alice.user.id}/settings`, { isFirstTimeUser: false })).status,
      ).toBe(401)
      expect((await alice.client.get('/v1/users/me/settings')).body).toEqual(specDefaults)
    })
  })
})
