import { createInvitationCodes, operatorCodeLifetimeMs } from '../../server/auth/invitations.repo'
import type { AuthUser } from '../../src/api/users'
import { HttpClient } from './http-client'
import { nextLinkTo, queryOf } from './mail-links'
import type { TestServer } from './test-server'

let counter = 0

/** An operator's invitation code straight from the database, as `npm run admin -- invite` makes them. */
export async function newInvitationCode(server: TestServer): Promise<string> {
  const [code] = await createInvitationCodes(server.ctx.db, {
    count: 1,
    ownerId: null,
    now: server.clock.now(),
    lifetimeMs: operatorCodeLifetimeMs,
  })
  if (!code) throw new Error('no code made')
  return code
}

export function uniqueName(prefix = 'player'): string {
  counter += 1
  return `${prefix}${process.pid % 1000}_${counter}`
}

export interface SignedUp {
  client: HttpClient
  user: AuthUser
  username: string
  email: string
  password: string
}

/** Signs a new player up through the API; the client (a new one by default) holds their session cookie. */
export async function signUpPlayer(
  server: TestServer,
  overrides: Record<string, unknown> = {},
  client = new HttpClient(server.url),
): Promise<SignedUp> {
  const username = uniqueName()
  const email = `${username}@example.test`
  const password = 'correct horse battery staple'
  const answer = await client.post<AuthUser>('/v1/auth/signup', {
    invitationCode: await newInvitationCode(server),
    email,
    username,
    password,
    acceptTerms: true,
    ...overrides,
  })
  if (answer.status !== 201)
    throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return { client, user: answer.body, username, email, password }
}

/** Confirms the player's e-mail address through the link of their sign-up's confirmation mail. */
export async function confirmEmailOf(server: TestServer, player: SignedUp): Promise<void> {
  const link = await nextLinkTo(server.mailer, player.email, '/account/confirm-email')
  const answer = await new HttpClient(server.url).post('/v1/auth/confirm-email', queryOf(link))
  if (answer.status !== 204) throw new Error(`confirm-email: ${answer.status} ${JSON.stringify(answer.body)}`)
}

/** The player turns on Settings' important messages by e-mail (mailed only once their address is confirmed). */
export async function askNewsByMail(player: SignedUp): Promise<void> {
  const asked = await player.client.patch('/v1/users/me/settings', {
    notifications: { importantMessages: { email: true } },
  })
  if (asked.status !== 200) throw new Error(`settings: ${asked.status} ${JSON.stringify(asked.body)}`)
}

/** The player's account as social sign-in makes it: without a password (it confirms changes with its username). */
export async function dropPassword(server: TestServer, player: SignedUp): Promise<void> {
  await server.ctx.db
    .updateTable('users')
    .set({ passwordHash: null })
    .where('id', '=', player.user.id)
    .execute()
}
