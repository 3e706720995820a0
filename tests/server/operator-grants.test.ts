import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Transaction } from '../../src/api/transactions'
import type { AuthUser } from '../../src/api/users'
import { askNewsByMail, confirmEmailOf, type SignedUp, signUpPlayer } from '../support/accounts'
import { adminCliOf, cliMailsTo, expectCliRefusals } from '../support/admin-cli'
import { dialects } from '../support/databases'
import { startTestServer, type TestServer } from '../support/test-server'

describe.each(dialects)('the operator gives a player TTC on %s', (dialect) => {
  let server: TestServer
  /** the admin CLI on the server's database (its mails go to the data folder's outbox) */
  let admin: ReturnType<typeof adminCliOf>
  beforeAll(async () => {
    server = await startTestServer(dialect)
    admin = adminCliOf(server)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const balanceOf = async (player: SignedUp) =>
    (await player.client.get<AuthUser>('/v1/auth/info')).body.wallet.balance
  const transactionsOf = async (player: SignedUp) =>
    (await player.client.get<Transaction[]>(`/v1/stockgame/transactions/${player.user.wallet.address}`)).body

  it('credits the balance with a grant the player reads the reason of, keeping the books, and tells them', async () => {
    const player = await signUpPlayer(server)
    await confirmEmailOf(server, player)
    await askNewsByMail(player)
    const before = await balanceOf(player)
    const reason = 'Sorry: the DAX poll of Monday was judged late'

    const granted = await admin('grant', player.email, '25.5', reason)
    expect(granted.stderr).toBe('')
    expect(granted.code).toBe(0)
    expect(granted.stdout.trim().split('\n')).toEqual([
      `${player.username} (id ${player.user.id}) got 25.50 TTC: balance ${(before + 25.5).toFixed(2)} TTC`,
      'told by mail',
    ])
    expect(await balanceOf(player)).toBe(before + 25.5)
    const [newest] = await transactionsOf(player)
    expect(newest).toMatchObject({ type: 'grant', amount: 25.5, reference: `operator-grant:${reason}` })
    const [news] = cliMailsTo(server, player.email).filter(
      (mail) => mail.subject === 'You received 25.50 TTC from Alpha',
    )
    expect(news?.text).toContain(`The operator of the game gave you 25.50 TTC: ${reason}`)

    const books = await admin('verify-ledger')
    expect(books.code).toBe(0)
    expect(books.stdout).toMatch(/^ledger verified/)
  })

  it('refuses a bad amount, a bad reason or an unknown player, changing nothing', async () => {
    const player = await signUpPlayer(server)
    const before = await balanceOf(player)
    const refusals = [
      [['grant', player.username, '0', 'Nothing'], 'the amount must be more than 0'],
      // a negative amount reads as an option: refused before anything else
      [['grant', player.username, '-5', 'Taking back'], "Unknown option '-5'"],
      [['grant', player.username, '1.005', 'Too fine'], 'with at most two decimals'],
      [['grant', player.username, '100000.01', 'Too much'], 'at most 100000 TTC'],
      [['grant', player.username, 'ten', 'Words'], 'the amount must be'],
      [['grant', player.username, '10', '  '], 'A reason needs a text.'],
      [['grant', player.username, '10', 'x'.repeat(141)], 'A reason has at most 140 characters.'],
      [['grant', player.username, '10', 'two\nlines'], 'A reason cannot contain control'],
      [['grant', 'nobody_here', '10', 'Who?'], 'no player nobody_here'],
      [['grant', player.username, '10'], 'grant needs a PLAYER'],
    ] as const
    await expectCliRefusals(admin, refusals)
    expect(await balanceOf(player)).toBe(before)
    expect((await transactionsOf(player)).map((row) => row.type)).toEqual(['grant'])
  }, 90_000)
})
