import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CurrentAnnouncement } from '../../src/api/announcements'
import { adminCliOf, expectCliRefusals } from '../support/admin-cli'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

const hour = 3600_000

describe.each(dialects)('the operator announces something to every player on %s', (dialect) => {
  let server: TestServer
  /** the admin CLI on the server's database */
  let admin: ReturnType<typeof adminCliOf>
  beforeAll(async () => {
    server = await startTestServer(dialect)
    admin = adminCliOf(server)
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** what a guest's page reads, a guest's as a player's */
  const current = async () => {
    const answer = await new HttpClient(server.url).get<CurrentAnnouncement>('/v1/announcement')
    expect(answer.status).toBe(200)
    return answer.body.announcement
  }
  /** each process reads the database a few seconds apart: what it answers within them */
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 8000, interval: 250 })

  it('shows the newest announcement to everyone until the operator clears it', async () => {
    expect(await current()).toBeNull()
    const posted = await admin(
      'announce',
      '  The game pauses for maintenance at 22:00 CET.  ',
      '--hours',
      '2',
    )
    expect(posted.stderr).toBe('')
    expect(posted.code).toBe(0)
    expect(posted.stdout).toMatch(/^announcement \d+ shown until \d{4}-\d\d-\d\dT/)
    await eventually(async () =>
      expect(await current()).toMatchObject({ text: 'The game pauses for maintenance at 22:00 CET.' }),
    )
    const shown = await current()
    expect((shown?.endsAt ?? 0) - (shown?.createdAt ?? 0)).toBe(2 * hour)

    // a newer one takes its place, without an end
    expect((await admin('announce', 'Season 2 starts on Monday!')).code).toBe(0)
    await eventually(async () =>
      expect(await current()).toMatchObject({ text: 'Season 2 starts on Monday!', endsAt: null }),
    )
    const cleared = await admin('announce', '--clear')
    expect(cleared.stdout.trim()).toBe('the announcement ended')
    await eventually(async () => expect(await current()).toBeNull())
    expect((await admin('announce', '--clear')).stdout.trim()).toBe('no announcement was shown')
  })

  it('refuses a text that is empty, too long, hidden or not one, and bad hours, posting nothing', async () => {
    const refusals = [
      [['announce', '   '], 'An announcement needs a text.'],
      [['announce', 'x'.repeat(281)], 'An announcement has at most 280 characters.'],
      [['announce', 'Free TTC \u202Etoday'], 'An announcement cannot contain control'],
      [['announce', 'two\nlines'], 'An announcement cannot contain control'],
      [['announce', 'Soon', '--hours', '0'], '--hours must be a number'],
      [['announce', 'Soon', '--hours', 'many'], '--hours must be a number'],
      [['announce', 'Soon', '--clear'], 'announce needs one TEXT'],
      [['announce'], 'announce needs one TEXT'],
    ] as const
    await expectCliRefusals(admin, refusals)
    const rows = await server.ctx.db.selectFrom('announcements').select('text').execute()
    expect(rows.map((row) => row.text)).not.toContain('Soon')
    expect(await current()).toBeNull()
  })

  it('ends at its end time on the game clock', async () => {
    expect((await admin('announce', 'Polls close early today.', '--hours', '1')).code).toBe(0)
    await eventually(async () => expect(await current()).toMatchObject({ text: 'Polls close early today.' }))
    server.clock.advance(hour)
    expect(await current()).toBeNull()
  })
})
