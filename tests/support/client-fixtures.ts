import { type ActorRefFrom, createActor } from 'xstate'
import { type GameReads, gameReadsFor } from '../../src/actors/game-reads'
import type { Navigator } from '../../src/actors/navigation'
import type { Notice, Notifier } from '../../src/actors/notifier'
import { provideStateFetch } from '../../src/actors/state-fetch.actors'
import type { ApiClient } from '../../src/api/client'
import type { PlayerInvitation } from '../../src/api/invitations'
import { defaultSettings, type Settings } from '../../src/api/settings'
import type { AuthUser } from '../../src/api/users'
import { type StateFetchMachine, stateFetchMachine } from '../../src/machines/state-fetch.machine'

/** A signed-in player as `GET /v1/auth/info` answers. */
export function authUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 7,
    username: 'alice',
    rank: 3,
    liveRank: 2,
    userBadges: [],
    createdAt: 1_700_000_000_000,
    firstName: null,
    lastName: null,
    email: 'alice@example.test',
    emailConfirmed: true,
    websocketCredentials: 'ws-alice-1',
    rewardFactor: 1,
    taggedMessages: [],
    wallets: [],
    wallet: { address: 'w-alice', balance: 100, createdAt: 1_700_000_000_000 },
    activeGroupId: 1000,
    invitationCodes: [],
    ...overrides,
  }
}

/** One of the player's invitation links as `GET /v1/invitations` lists it (no group, nobody joined yet). */
export function invitationLink(
  code: string,
  state: PlayerInvitation['state'],
  extra: Partial<PlayerInvitation> = {},
): PlayerInvitation {
  return {
    code,
    url: `https://alpha.example/account/signin?invite=${code}`,
    createdAt: Date.UTC(2026, 0, 1),
    expiresAt: Date.UTC(2026, 0, 15),
    state,
    group: null,
    usedBy: null,
    usedAt: null,
    withdrawnAt: null,
    ...extra,
  }
}

export const settingsOf = (isFirstTimeUser: boolean): Settings => ({ ...defaultSettings, isFirstTimeUser })

/** A router stand-in: the location and every move. */
export function fakeNavigator(start = '/') {
  const moves: { to: string; replace: boolean }[] = []
  let location = start
  const navigator: Navigator = {
    current: () => location,
    go: (to, options) => {
      moves.push({ to, replace: options?.replace ?? false })
      location = to
    },
  }
  return { navigator, moves, visit: (to: string) => (location = to), where: () => location }
}

export function fakeNotifier() {
  const notices: Notice[] = []
  const notifier: Notifier = { show: (notice) => notices.push(notice) }
  return { notifier, notices }
}

export const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The app's reads over `api` as production wires them: a running state-fetch actor (the state cached
 * 5 s, one pause for every read), with the policy's navigation and notices going to the given fakes.
 */
export function readsOver(
  api: ApiClient,
  effects: { navigator?: Navigator; notifier?: Notifier } = {},
): GameReads & { readonly fetching: ActorRefFrom<StateFetchMachine> } {
  const fetching = createActor(
    provideStateFetch(stateFetchMachine, {
      api,
      navigate: effects.navigator ?? fakeNavigator().navigator,
      notify: effects.notifier ?? fakeNotifier().notifier,
    }),
  ).start()
  return { ...gameReadsFor(api, fetching), fetching }
}
