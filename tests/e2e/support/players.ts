import type { BrowserContext, Page } from 'playwright-core'
import type { AuthUser } from '../../../src/api/users'
import { HttpClient } from '../../support/http-client'
import type { E2eServer } from './server'

export interface E2ePlayer {
  id: number
  username: string
  email: string
  password: string
  /** the player's API session (cookies kept), for arranging state without the UI */
  client: HttpClient
}

export interface SignUpOptions {
  /** keep the new account's first-time flag, so the app opens on /welcome @default false */
  firstTime?: boolean
  /** @default a unique `e2e_<n>` */
  username?: string
  /** @default 'correct horse battery staple' */
  password?: string
}

let counter = 0

/**
 * A new player signed up through the API (an invitation code from the server's pool), past the
 * welcome screen unless `firstTime`. Put them into a browser with `signInBrowser`.
 */
export async function signUpPlayer(server: E2eServer, options: SignUpOptions = {}): Promise<E2ePlayer> {
  counter += 1
  const username = options.username ?? `e2e_${process.pid % 10_000}_${counter}`
  const email = `${username.toLowerCase()}@example.test`
  const password = options.password ?? 'correct horse battery staple'
  const client = new HttpClient(server.url)
  const signUp = await client.post<AuthUser>('/v1/auth/signup', {
    invitationCode: await server.takeInvitationCode(),
    email,
    username,
    password,
    acceptTerms: true,
  })
  if (signUp.status !== 201)
    throw new Error(`sign-up answered ${signUp.status}: ${JSON.stringify(signUp.body)}`)
  if (!options.firstTime) {
    const patch = await client.patch('/v1/users/me/settings', { isFirstTimeUser: false })
    if (patch.status !== 200)
      throw new Error(`settings answered ${patch.status}: ${JSON.stringify(patch.body)}`)
  }
  return { id: signUp.body.id, username, email, password, client }
}

/** Gives the page's browser context the player's session cookie: the next navigation is signed in. */
export async function signInBrowser(
  target: Page | BrowserContext,
  server: E2eServer,
  player: E2ePlayer,
): Promise<void> {
  const context = 'context' in target ? target.context() : target
  const cookies = [...player.client.cookies].map(([name, value]) => ({ name, value, url: server.url }))
  if (cookies.length === 0) throw new Error(`${player.username} has no session cookie`)
  await context.addCookies(cookies)
}
