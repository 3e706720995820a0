import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { avatarMaxBytes, defaultGroupId, type Group, groupTexts } from '../../src/api/groups'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { addActiveMembers, createGroup, groupRow, groupsPath } from '../support/groups'
import type { Answer } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

/** Real 1x1 images, as small as they come. */
const images = {
  'image/png': Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  'image/gif': Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  'image/jpeg': Buffer.from(
    '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0' +
      'Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9' +
      'AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZn' +
      'aGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP0' +
      '9fb3+Pn6/9oACAEBAAA/APn+iiigD//Z',
    'base64',
  ),
} as const

const notAnImage = {
  error: { code: 'avatar_type', message: groupTexts.avatar, fields: { avatar: groupTexts.avatar } },
}

describe.each(dialects)('group avatars on %s', (dialect) => {
  let server: TestServer
  let alice: SignedUp
  let bob: SignedUp
  let group: Group
  beforeAll(async () => {
    server = await startTestServer(dialect)
    alice = await signUpPlayer(server)
    bob = await signUpPlayer(server)
    group = await createGroup(alice, { name: 'Pictures' })
    await addActiveMembers(alice, group.id, [bob])
  })
  afterAll(() => server.stop())

  const storedFiles = () => {
    try {
      return readdirSync(join(server.dataDir, 'avatars')).sort()
    } catch {
      return []
    }
  }

  /** Sends raw bytes as a browser sends a File: the body is the file, the type its declared one. */
  async function upload(
    player: SignedUp,
    groupId: number,
    body: BodyInit,
    contentType: string,
    extra: RequestInit = {},
  ): Promise<Answer<Group>> {
    const response = await fetch(`${server.url}${groupsPath}/${groupId}/avatar`, {
      method: 'POST',
      headers: {
        'content-type': contentType,
        'x-app-version': 'test',
        origin: server.url,
        cookie: [...player.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body,
      ...extra,
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined }
  }

  it('takes a PNG, a JPEG and a GIF, stores each under a random name and serves it with its type', async () => {
    let previous: string | null = null
    for (const [type, bytes] of Object.entries(images)) {
      const answer = await upload(alice, group.id, bytes, type)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const url = answer.body.avatarUrl
      expect(url).toMatch(new RegExp(`^${groupsPath}/avatars/[0-9a-f]{32}\\.(png|jpg|gif)$`))
      expect(url).not.toBe(previous)
      const served = await fetch(server.url + url)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(type)
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true)
      // The replaced avatar's file is gone: one file per group.
      expect(storedFiles()).toEqual([url?.split('/').pop()])
      if (previous) expect((await fetch(server.url + previous)).status).toBe(404)
      previous = url
    }
    expect((await alice.client.get<Group>(`${groupsPath}/${group.id}`)).body.avatarUrl).toBe(previous)
  })

  it('decides by the bytes: text sent as a PNG, or an image sent as JSON or text, is refused', async () => {
    const before = await groupRow(server, group.id)
    const files = storedFiles()
    const cases: [BodyInit, string][] = [
      [Buffer.from('just some text, named avatar.png'), 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/gif'],
      [Buffer.from('<html><body>hi</body></html>'), 'application/octet-stream'],
      [images['image/png'].subarray(0, 8), 'image/png'],
      [Buffer.alloc(0), 'image/png'],
      [JSON.stringify({ avatar: images['image/png'].toString('base64') }), 'application/json'],
    ]
    for (const [body, type] of cases) {
      const answer = await upload(alice, group.id, body, type)
      expect(answer.status, type).toBe(400)
      expect(answer.body, type).toEqual(notAnImage)
    }
    const svg = await upload(alice, group.id, Buffer.from('<svg/>'), 'image/svg+xml')
    expect(svg.status).toBe(415)
    expect(await groupRow(server, group.id)).toEqual(before)
    expect(storedFiles()).toEqual(files)
  })

  it('refuses an avatar over the size limit with 413, declared or streamed', async () => {
    const before = await groupRow(server, group.id)
    const big = Buffer.concat([images['image/png'], Buffer.alloc(avatarMaxBytes)])
    const declared = await upload(alice, group.id, big, 'image/png')
    expect(declared.status).toBe(413)
    expect(declared.body).toMatchObject({ error: { code: 'avatar_too_large' } })
    expect(await groupRow(server, group.id)).toEqual(before)

    // Without a Content-Length the body is counted as it arrives.
    const chunks = [images['image/png'], ...Array.from({ length: 5 }, () => Buffer.alloc(64 * 1024))]
    const stream = new ReadableStream({
      pull(controller) {
        const next = chunks.shift()
        if (next) controller.enqueue(next)
        else controller.close()
      },
    })
    const streamed = await upload(alice, group.id, stream, 'image/png', { duplex: 'half' } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(streamed.body).toMatchObject({ error: { code: 'avatar_too_large' } })

    const justFits = Buffer.concat([
      images['image/png'],
      Buffer.alloc(avatarMaxBytes - images['image/png'].length),
    ])
    expect((await upload(alice, group.id, justFits, 'image/png')).status).toBe(200)
    expect(storedFiles()).toHaveLength(1)
  })

  it('lets only admins set the avatar, never of group 1000, and stores nothing when refused', async () => {
    const before = await groupRow(server, group.id)
    const files = storedFiles()
    const member = await upload(bob, group.id, images['image/png'], 'image/png')
    expect(member.status).toBe(403)
    expect(member.body).toMatchObject({ error: { code: 'not_group_admin' } })
    const outsider = await signUpPlayer(server)
    expect((await upload(outsider, group.id, images['image/gif'], 'image/gif')).status).toBe(403)
    const alpha = await upload(alice, defaultGroupId, images['image/png'], 'image/png')
    expect(alpha.status).toBe(403)
    expect(alpha.body).toMatchObject({ error: { code: 'default_group_locked' } })
    expect((await upload(alice, 999999, images['image/png'], 'image/png')).status).toBe(404)
    const guest = await fetch(`${server.url}${groupsPath}/${group.id}/avatar`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', 'x-app-version': 'test' },
      body: images['image/png'],
    })
    expect(guest.status).toBe(401)
    expect(await groupRow(server, group.id)).toEqual(before)
    expect(storedFiles()).toEqual(files)
  })

  it('serves nothing but stored avatar names', async () => {
    for (const file of [
      'nope.png',
      '..%2F..%2Falpha.sqlite',
      `${'a'.repeat(32)}.svg`,
      `${'a'.repeat(32)}.png`,
    ]) {
      const answer = await fetch(`${server.url}${groupsPath}/avatars/${file}`)
      expect([400, 404], file).toContain(answer.status)
    }
  })

  it('removes the avatar when saved with avatarUrl null, and its file with it', async () => {
    const current = (await alice.client.get<Group>(`${groupsPath}/${group.id}`)).body
    expect(current.avatarUrl).not.toBeNull()
    const answer = await alice.client.post<Group>(`${groupsPath}/${group.id}/save`, {
      group: { ...current, avatarUrl: null },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.avatarUrl).toBeNull()
    expect(storedFiles()).toEqual([])
    expect((await fetch(server.url + current.avatarUrl)).status).toBe(404)
  })

  it('deletes the avatar file with its group', async () => {
    const doomed = await createGroup(alice, { name: 'Short-lived' })
    const answer = await upload(alice, doomed.id, images['image/gif'], 'image/gif')
    expect(answer.status).toBe(200)
    expect(storedFiles()).toHaveLength(1)
    expect((await alice.client.get(`${groupsPath}/${doomed.id}/delete`)).status).toBe(204)
    expect(storedFiles()).toEqual([])
  })
})
