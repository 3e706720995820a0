import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApiPath } from '../../server/http/openapi'
import { defaultGroupId, type Group } from '../../src/api/groups'
import type { ServerMessage } from '../../src/api/market'
import type { Poll } from '../../src/api/polls'
import { newInvitationCode, type SignedUp, signUpPlayer, uniqueName } from '../support/accounts'
import { dialects } from '../support/databases'
import { PairSource } from '../support/game'
import { groupsPath } from '../support/groups'
import { HttpClient } from '../support/http-client'
import { linkIn, listUnsubscribeUrl, nextLinkTo, queryOf } from '../support/mail-links'
import { ContractClient, OpenApiContract, type OpenApiDocument } from '../support/openapi-contract'
import { advanceTo, toNextPollStart } from '../support/polls'
import { newPushBrowser } from '../support/push-browser'
import { type RecordingServer, startRecordingServer } from '../support/recording-server'
import { startTestServer, type TestServer } from '../support/test-server'

/** A real 1x1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

/**
 * The OpenAPI document tells the truth: a scenario drives every documented operation through the real
 * server, and every answer's status and body are checked against what the document says of them (Ajv,
 * JSON Schema 2020-12): at least one success of each operation, and at least one refusal (4xx) of each
 * operation that documents one. A route added without documenting its answers fails here.
 */
describe.each(dialects)('real answers match the OpenAPI document on %s', (dialect) => {
  let server: TestServer
  let contract: OpenApiContract
  let guest: ContractClient
  let alice: SignedUp
  let bob: SignedUp
  let pushService: RecordingServer

  const client = () => new ContractClient(server.url, contract)
  const player = (overrides: Record<string, unknown> = {}) => signUpPlayer(server, overrides, client())

  beforeAll(async () => {
    pushService = await startRecordingServer()
    server = await startTestServer(dialect, {
      env: {
        // start only builds the provider's address: nothing is fetched from this base
        OAUTH_GOOGLE_CLIENT_ID: 'contract-client',
        OAUTH_GOOGLE_CLIENT_SECRET: 'contract-secret',
        OAUTH_GOOGLE_ENDPOINTS_BASE: 'http://127.0.0.1:9/oauth',
        PUSH_ENDPOINT_ORIGINS: pushService.url,
      },
    })
    const document = await new HttpClient(server.url).get<OpenApiDocument>(openApiPath)
    expect(document.status).toBe(200)
    contract = new OpenApiContract(document.body)
    guest = client()
    alice = await player()
    bob = await player()
  })
  afterAll(async () => {
    server?.app.server.closeAllConnections()
    await server?.stop()
    await pushService?.close()
  })

  it('health, the announcement, sign-up, sign-in, session info, logout', async () => {
    expect((await guest.get('/v1/health')).status).toBe(200)
    expect((await guest.get('/v1/announcement')).status).toBe(200)
    expect((await guest.get('/v1/auth/providers')).status).toBe(200)
    expect((await guest.get('/v1/auth/info')).status).toBe(401)
    expect((await alice.client.get('/v1/auth/info')).status).toBe(200)
    const again = {
      invitationCode: await newInvitationCode(server),
      email: `${uniqueName()}@example.test`,
      username: alice.username,
      password: alice.password,
      acceptTerms: true,
    }
    expect((await client().post('/v1/auth/signup', again)).status).toBe(409)

    expect(
      (await client().post('/v1/auth/signin', { login: alice.username, password: alice.password })).status,
    ).toBe(200)
    const wrong = await client().post('/v1/auth/signin', {
      login: alice.username,
      password: 'not the password',
    })
    expect(wrong.status).toBe(401)

    const leaving = await player()
    expect((await leaving.client.post('/v1/auth/logout', undefined, { bare: true })).status).toBe(403)
    expect((await leaving.client.post('/v1/auth/logout')).status).toBe(204)
  })

  it('the signed e-mail links: confirm, unsubscribe, one-click unsubscribe, password reset, e-mail change', async () => {
    const mail = await server.mailer.nextMail(alice.email)
    const confirm = queryOf(linkIn(mail.text, '/account/confirm-email'))
    expect((await alice.client.post('/v1/auth/confirm-email/resend')).status).toBe(202)
    expect((await guest.post('/v1/auth/confirm-email', confirm)).status).toBe(204)
    expect((await alice.client.post('/v1/auth/confirm-email/resend')).status).toBe(409)
    expect((await guest.post('/v1/auth/confirm-email', { ...confirm, sgn: 'forged' })).status).toBe(400)

    const unsubscribe = queryOf(linkIn(mail.text, '/account/unsubscribe-from-email'))
    expect((await guest.post('/v1/auth/unsubscribe', unsubscribe)).status).toBe(204)
    expect((await guest.post('/v1/auth/unsubscribe', { ...unsubscribe, sgn: 'forged' })).status).toBe(400)

    const oneClick = listUnsubscribeUrl(mail.headers?.['List-Unsubscribe'])
    const form = { headers: { 'content-type': 'application/x-www-form-urlencoded' }, bare: true }
    const path = `${oneClick.pathname}${oneClick.search}`
    expect((await guest.post(path, 'List-Unsubscribe=One-Click', form)).status).toBe(200)
    expect((await guest.post(oneClick.pathname, 'List-Unsubscribe=One-Click', form)).status).toBe(400)

    const resetting = await player()
    expect((await guest.post('/v1/auth/password-reset/request', { email: resetting.email })).status).toBe(202)
    expect((await guest.post('/v1/auth/password-reset/request', { email: 'no address' })).status).toBe(400)
    const reset = queryOf(await nextLinkTo(server.mailer, resetting.email, '/account/reset-password'))
    const password = 'a new password of some length'
    expect((await guest.post('/v1/auth/password-reset', { ...reset, password })).status).toBe(204)
    expect((await guest.post('/v1/auth/password-reset', { ...reset, password })).status).toBe(400)

    const moving = await player()
    const newAddress = `moved-${moving.username}@example.com`
    expect(
      (await moving.client.put('/v1/users/me/email', { email: newAddress, password: moving.password }))
        .status,
    ).toBe(202)
    const move = queryOf(await nextLinkTo(server.mailer, newAddress, '/account/change-email'))
    expect((await guest.post('/v1/auth/change-email', { ...move, sgn: 'forged' })).status).toBe(400)
    expect((await guest.post('/v1/auth/change-email', move)).status).toBe(204)
    const takeBack = queryOf(await nextLinkTo(server.mailer, moving.email, '/account/change-email'))
    expect((await guest.post('/v1/auth/change-email', takeBack)).status).toBe(204)
  })

  it('social sign-in: redirects, and a 404 for a provider that is not configured', async () => {
    const start = await guest.get('/v1/auth/oauth/google/start?acceptTerms=true')
    expect(start.status).toBe(302)
    expect(start.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:9\/oauth\/authorize\?/)
    expect((await guest.get('/v1/auth/oauth/reddit/start')).status).toBe(404)
    expect((await guest.get('/v1/auth/oauth/google/callback?error=access_denied')).status).toBe(302)
    expect((await guest.get('/v1/auth/oauth/reddit/callback')).status).toBe(404)
  })

  it('players: search, profiles, settings, the password and e-mail changes, account deletion', async () => {
    expect((await alice.client.get(`/v1/users?name=${bob.username.slice(0, 6)}`)).status).toBe(200)
    expect((await alice.client.get('/v1/users')).status).toBe(400)
    expect((await alice.client.get(`/v1/users/${bob.username}`)).status).toBe(200)
    expect((await alice.client.get(`/v1/users/${uniqueName('nobody')}`)).status).toBe(404)
    expect((await alice.client.get(`/v1/users/${bob.username}/skill`)).status).toBe(200)
    expect((await alice.client.get(`/v1/users/${uniqueName('nobody')}/skill`)).status).toBe(404)
    expect((await alice.client.get('/v1/users/me/settings')).status).toBe(200)
    expect((await alice.client.get(`/v1/users/${bob.user.id}/settings`)).status).toBe(403)
    expect((await alice.client.patch('/v1/users/me/settings', { isFirstTimeUser: false })).status).toBe(200)
    expect((await alice.client.patch('/v1/users/me/settings', { isFirstTimeUser: 'no' })).status).toBe(400)

    const changing = await player()
    const newPassword = { currentPassword: changing.password, password: 'a new password of mine' }
    expect(
      (await changing.client.put('/v1/users/me/password', { ...newPassword, password: 'short' })).status,
    ).toBe(400)
    expect(
      (await changing.client.put('/v1/users/me/password', { ...newPassword, currentPassword: 'not it' }))
        .status,
    ).toBe(403)
    expect((await changing.client.put('/v1/users/me/password', newPassword)).status).toBe(204)
    const newEmail = { email: bob.email, password: newPassword.password }
    expect(
      (await changing.client.put('/v1/users/me/email', { ...newEmail, email: 'no address' })).status,
    ).toBe(400)
    expect(
      (await changing.client.put('/v1/users/me/email', { ...newEmail, password: 'not it' })).status,
    ).toBe(403)
    expect((await changing.client.put('/v1/users/me/email', newEmail)).status).toBe(409)
    expect((await guest.put('/v1/users/me/email', newEmail)).status).toBe(401)

    const quitting = await player()
    expect((await quitting.client.delete('/v1/users/me', { password: 'not the password' })).status).toBe(403)
    expect((await quitting.client.delete('/v1/users/me', { password: quitting.password })).status).toBe(204)
  })

  it('the market: universe, ticks, charts, fundamentals, messages, author avatars', async () => {
    expect((await guest.get('/v1/stockgame/universe')).status).toBe(200)
    const [title] = server.ctx.market.titles()
    if (!title) throw new Error('no title')
    for (const part of ['tick', 'chart', 'fundamentals']) {
      expect((await guest.get(`/v1/market/titles/${title.id}/${part}`)).status).toBe(200)
      expect((await guest.get(`/v1/market/titles/999999999/${part}`)).status).toBe(404)
    }
    const messages = await alice.client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')
    expect(messages.status).toBe(200)
    expect((await guest.get('/v1/stockgame/untagged-messages')).status).toBe(401)
    const handle = messages.body[0]?.twitter_user.screen_name
    expect((await guest.get(`/v1/market/avatars/${handle}.svg`)).status).toBe(200)
    expect((await guest.get('/v1/market/avatars/nobody_at_all.svg')).status).toBe(404)
  })

  it('predictions and the ledger', async () => {
    const [pair] = await new PairSource(server).take(1)
    if (!pair) throw new Error('no pair')
    const path = `/v1/stockgame/tagged-messages/${encodeURIComponent(pair.messageId)}/tag`
    const body = { userId: alice.user.id, ...pair, trend: 'Up' }
    expect((await alice.client.post(path, body)).status).toBe(200)
    expect((await alice.client.post(path, body)).status).toBe(409)
    expect((await alice.client.get('/v1/stockgame/tagged-messages/performance')).status).toBe(200)
    expect((await guest.get('/v1/stockgame/tagged-messages/performance')).status).toBe(401)

    const wallet = alice.user.wallet.address
    expect((await alice.client.get(`/v1/stockgame/transactions/${wallet}`)).status).toBe(200)
    expect((await bob.client.get(`/v1/stockgame/transactions/${wallet}`)).status).toBe(403)
  })

  it('groups: lists, creation, members, settings, avatars, join, leave, delete, the active group', async () => {
    const create = (name: string) => alice.client.post<Group>(groupsPath, { name })
    expect((await alice.client.get(groupsPath)).status).toBe(200)
    expect((await guest.get(groupsPath)).status).toBe(401)
    const group = (await create('Contract')).body
    expect((await create('')).status).toBe(400)
    const at = `${groupsPath}/${group.id}`
    const missing = `${groupsPath}/999999999`

    expect((await alice.client.get(at)).status).toBe(200)
    expect((await alice.client.get(missing)).status).toBe(404)
    expect((await alice.client.get(`${at}/members`)).status).toBe(200)
    expect((await bob.client.get(`${at}/members`)).status).toBe(403)
    const update = { groupId: group.id, addMemberIds: [bob.user.id] }
    expect((await alice.client.post(`${at}/members/update`, update)).status).toBe(200)
    expect((await bob.client.post(`${at}/members/update`, update)).status).toBe(403)
    const members = [
      { userId: alice.user.id, isAdmin: true },
      { userId: bob.user.id, isAdmin: false },
    ]
    expect((await alice.client.post(`${at}/members/set`, { groupId: group.id, members })).status).toBe(200)
    expect((await bob.client.post(`${at}/members/set`, { groupId: group.id, members })).status).toBe(403)
    const settings = { group: { name: 'Contract traders', publicGroup: true } }
    expect((await alice.client.post(`${at}/save`, settings)).status).toBe(200)
    expect((await alice.client.post(`${missing}/save`, settings)).status).toBe(404)

    const avatarHeaders = { headers: { 'content-type': 'image/png' } }
    const uploaded = await alice.client.post<Group>(`${at}/avatar`, png, avatarHeaders)
    expect(uploaded.status).toBe(200)
    const text = Buffer.from('no image at all')
    expect((await alice.client.post(`${at}/avatar`, text, avatarHeaders)).status).toBe(400)
    expect((await guest.get(uploaded.body.avatarUrl ?? '')).status).toBe(200)
    expect((await guest.get(`${groupsPath}/avatars/${'0'.repeat(32)}.png`)).status).toBe(404)

    expect((await bob.client.post(`${at}/join`)).status).toBe(200)
    expect((await bob.client.post(`${missing}/join`)).status).toBe(404)
    expect((await bob.client.patch('/v1/session', { activeGroupId: group.id })).status).toBe(200)
    expect((await alice.client.patch('/v1/session', { activeGroupId: 999999999 })).status).toBe(403)
    expect((await bob.client.get(`${at}/leave`)).status).toBe(204)
    expect((await bob.client.get(`${groupsPath}/${defaultGroupId}/leave`)).status).toBe(403)
    expect((await bob.client.post(`${at}/join`)).status).toBe(200)
    expect((await bob.client.post(`${at}/leave`)).status).toBe(204)
    expect((await bob.client.post(`${at}/leave`)).status).toBe(403)

    const second = (await create('Short-lived')).body
    expect((await alice.client.get(`${groupsPath}/${second.id}/delete`)).status).toBe(204)
    expect((await alice.client.get(`${groupsPath}/${second.id}/delete`)).status).toBe(404)
    expect((await alice.client.post(`${at}/delete`)).status).toBe(204)
    expect((await alice.client.post(`${at}/delete`)).status).toBe(404)
  })

  it('polls and bets, rankings, champions, the state and the activity stream', async () => {
    await toNextPollStart(server)
    const polls = await alice.client.get<Poll[]>('/v1/stockgame/polls')
    expect(polls.status).toBe(200)
    expect((await guest.get('/v1/stockgame/polls')).status).toBe(401)
    const open = polls.body.find((poll) => poll.phase === 'open')
    if (!open) throw new Error('no open poll')
    expect((await alice.client.get('/v1/stockgame/polls/next')).status).toBe(200)
    expect((await guest.get('/v1/stockgame/polls/next')).status).toBe(401)
    const bet = { pollId: open.pollId, userId: alice.user.id, vote: 'up', ttcBet: 1 }
    const vote = `/v1/stockgame/polls/${open.pollId}/vote`
    expect((await alice.client.post(vote, bet)).status).toBe(200)
    expect((await alice.client.post(vote, bet)).status).toBe(409)
    expect((await alice.client.get('/v1/stockgame/polls/performance')).status).toBe(200)
    expect((await guest.get('/v1/stockgame/polls/performance')).status).toBe(401)
    expect((await alice.client.get(`/v1/stockgame/polls/${open.pollId}/status`)).status).toBe(200)
    expect((await alice.client.get('/v1/stockgame/polls/1.5/status')).status).toBe(400)
    expect((await alice.client.get('/v1/stockgame/polls/999999999/status')).status).toBe(404)
    const settlement = `/v1/stockgame/polls/${open.pollId}/settlement`
    expect((await alice.client.get(settlement)).status).toBe(409)
    await advanceTo(server, open.evalTime + 1000)
    expect((await alice.client.get(settlement)).status).toBe(200)
    expect((await alice.client.get('/v1/stockgame/polls/1.5/settlement')).status).toBe(400)
    expect((await alice.client.get('/v1/stockgame/polls/999999999/settlement')).status).toBe(404)

    expect((await alice.client.get('/v1/stockgame/rankings?period=all_time')).status).toBe(200)
    expect((await alice.client.get('/v1/stockgame/rankings?groupId=999999999')).status).toBe(404)
    expect((await alice.client.get('/v1/stockgame/champions')).status).toBe(200)
    expect((await guest.get('/v1/stockgame/champions')).status).toBe(401)
    await server.ctx.db
      .insertInto('messageAuthors')
      .values({ messageId: 'contract-m1', author: 'contract_author', createdAt: server.clock.now() })
      .execute()
    expect((await alice.client.get('/v1/stockgame/authors?sort=score')).status).toBe(200)
    expect((await alice.client.get('/v1/stockgame/authors?limit=0')).status).toBe(400)
    expect((await alice.client.get('/v1/stockgame/authors/contract_author')).status).toBe(200)
    expect((await alice.client.get('/v1/stockgame/authors/nobody_wrote_this')).status).toBe(404)
    const crowd = '/v1/stockgame/titles/2494/crowd'
    expect(
      (await alice.client.get(`${crowd}?from=${server.clock.now() - 3_600_000}&to=${server.clock.now()}`))
        .status,
    ).toBe(200)
    expect((await alice.client.get(`${crowd}?from=10&to=5`)).status).toBe(400)
    expect((await alice.client.get('/v1/stockgame/titles/999999999/crowd?from=0&to=5')).status).toBe(404)
    expect((await alice.client.get('/v1/stockgame/export/predictions')).status).toBe(200)
    expect((await guest.get('/v1/stockgame/export/predictions')).status).toBe(401)
    expect((await alice.client.get('/v1/users/me/data')).status).toBe(200)
    const history = '/v1/stockgame/tagged-messages/history'
    expect((await alice.client.get(`${history}?before=${server.clock.now()}`)).status).toBe(200)
    expect((await alice.client.get(`${history}?before=soon`)).status).toBe(400)
    expect((await guest.get(`${history}?before=1`)).status).toBe(401)
    expect((await guest.get('/v1/users/me/data')).status).toBe(401)
    expect((await alice.client.get('/v1/stockgame/bank')).status).toBe(200)
    expect((await guest.get('/v1/stockgame/bank')).status).toBe(401)
    expect((await alice.client.get('/v1/stockgame/state')).status).toBe(200)
    expect((await guest.get('/v1/stockgame/state')).status).toBe(401)
    expect((await alice.client.get('/v1/stockgame/activity?limit=10')).status).toBe(200)
    expect((await alice.client.get('/v1/stockgame/activity?limit=0')).status).toBe(400)
  })

  it("a player's invitation links: make, list, withdraw", async () => {
    const made = await alice.client.post<{ code: string }>('/v1/invitations', {})
    expect(made.status).toBe(201)
    expect((await alice.client.post('/v1/invitations', { groupId: 'x' })).status).toBe(400)
    expect((await alice.client.get('/v1/invitations')).status).toBe(200)
    expect((await guest.get('/v1/invitations')).status).toBe(401)
    expect((await alice.client.delete(`/v1/invitations/${made.body.code}`)).status).toBe(204)
    expect((await alice.client.delete(`/v1/invitations/${made.body.code}`)).status).toBe(409)
  })

  it('web push: the key, a subscription saved and removed', async () => {
    expect((await guest.get('/v1/push/key')).status).toBe(200)
    const { subscription } = newPushBrowser(pushService)
    expect((await alice.client.put('/v1/push/subscription', subscription)).status).toBe(204)
    expect((await guest.put('/v1/push/subscription', subscription)).status).toBe(401)
    expect(
      (await alice.client.put('/v1/push/subscription', { endpoint: subscription.endpoint })).status,
    ).toBe(400)
    expect(
      (await alice.client.delete('/v1/push/subscription', { endpoint: subscription.endpoint })).status,
    ).toBe(204)
    expect((await alice.client.delete('/v1/push/subscription', {})).status).toBe(400)
  })

  it('error reports of the app', async () => {
    expect((await guest.post('/v1/client-errors', { message: 'TypeError: x is undefined' })).status).toBe(204)
    expect((await guest.post('/v1/client-errors', { message: '' })).status).toBe(400)
  })

  it('has checked a success of every documented operation and a refusal of every one that documents it', () => {
    const documented = contract.operations().sort()
    expect(documented.length).toBeGreaterThan(40)
    expect(contract.checked(200, 400).sort()).toEqual(documented)
    expect(contract.checked(400, 500).sort()).toEqual(contract.operationsWithErrors().sort())
  })
})
