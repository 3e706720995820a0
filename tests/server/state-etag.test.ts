import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { etagOf, matchesIfNoneMatch } from '../../server/http/etag'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { createGroup } from '../support/groups'
import { startTestServer, type TestServer } from '../support/test-server'

const statePath = '/v1/stockgame/state'

describe('If-None-Match against a weak validator', () => {
  const etag = 'W/"abc"'
  it('matches the tag, weak or strong, in a list, or *', () => {
    expect(matchesIfNoneMatch('W/"abc"', etag)).toBe(true)
    expect(matchesIfNoneMatch('"abc"', etag)).toBe(true)
    expect(matchesIfNoneMatch('"x", W/"abc" ', etag)).toBe(true)
    expect(matchesIfNoneMatch(' * ', etag)).toBe(true)
  })
  it('does not match another tag, a part of it, or nothing', () => {
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false)
    expect(matchesIfNoneMatch('', etag)).toBe(false)
    expect(matchesIfNoneMatch('W/"abd"', etag)).toBe(false)
    expect(matchesIfNoneMatch('"ab"', etag)).toBe(false)
    expect(matchesIfNoneMatch('abc', etag)).toBe(false)
  })
})

describe('the validator of a state answer', () => {
  const body = (head: string, tail: string) => ({ head: Buffer.from(head), tail: Buffer.from(tail) })
  it('is the same for the same bytes, whatever objects hold them', () => {
    const etag = etagOf(body('{"users":[],', '"polls":[]}'))
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/)
    expect(etagOf(body('{"users":[],', '"polls":[]}'))).toBe(etag)
  })
  it('changes with the head or the tail', () => {
    const etag = etagOf(body('{"users":[],', '"polls":[]}'))
    expect(etagOf(body('{"users":[1],', '"polls":[]}'))).not.toBe(etag)
    expect(etagOf(body('{"users":[],', '"polls":[1]}'))).not.toBe(etag)
  })
})

describe.each(dialects)('the state answers 304 when nothing changed on %s', (dialect) => {
  let server: TestServer
  let player: SignedUp
  beforeAll(async () => {
    server = await startTestServer(dialect)
    player = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  const stateIfNoneMatch = (etag: string) =>
    player.client.get(statePath, { headers: { 'if-none-match': etag } })

  it('carries an ETag; the same one again gets 304 without a body, another 200', async () => {
    const first = await player.client.get(statePath)
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^W\/"[\w-]{20,}"$/)
    const again = await stateIfNoneMatch(etag)
    expect(again.status).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('cache-control')).toBe('private, max-age=5')
    const other = await stateIfNoneMatch('W/"not-this-one"')
    expect(other.status).toBe(200)
    expect(other.body).toEqual(first.body)
  })

  it('answers 200 with a new ETag once a write changed what the player sees', async () => {
    const etag = (await player.client.get(statePath)).headers.get('etag') ?? ''
    // another player's new public group is listed in the player's state at once
    const group = await createGroup(await signUpPlayer(server), { name: 'Open Desk', publicGroup: true })
    const changed = await stateIfNoneMatch(etag)
    expect(changed.status).toBe(200)
    const listed = (changed.body as { publicGroups: { id: number }[] }).publicGroups.map((g) => g.id)
    expect(listed).toContain(group.id)
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  it('keeps 401 for a guest who sends a validator', async () => {
    const etag = (await player.client.get(statePath)).headers.get('etag') ?? ''
    const guest = await server.app.inject({
      method: 'GET',
      url: statePath,
      headers: { 'if-none-match': etag },
    })
    expect(guest.statusCode).toBe(401)
  })
})
