import { createECDH, randomBytes } from 'node:crypto'
import ece from 'http_ece'
import type { PushPayload, PushSubscriptionBody } from '../../src/api/push'
import type { TestDialect } from './databases'
import { type RecordedRequest, type RecordingServer, startRecordingServer } from './recording-server'
import { startTestServer, type TestServer, type TestServerOptions } from './test-server'

/**
 * A browser's side of web push, as RFC 8291 has it: its own P-256 key pair and auth secret, and a
 * subscription at a stand-in push service (a recording server). It reads only what was encrypted for it.
 */
export interface PushBrowser {
  readonly subscription: PushSubscriptionBody
  /** the messages the push service received for this browser, oldest first */
  received(): RecordedRequest[]
  /** a received message's payload, decrypted with this browser's keys (throws if not for it) */
  read(request: RecordedRequest): PushPayload
}

export function newPushBrowser(pushService: RecordingServer): PushBrowser {
  const keys = createECDH('prime256v1')
  keys.generateKeys()
  const auth = randomBytes(16)
  const path = `/push/${randomBytes(8).toString('hex')}`
  return {
    subscription: {
      endpoint: `${pushService.url}${path}`,
      keys: { p256dh: keys.getPublicKey('base64url'), auth: auth.toString('base64url') },
    },
    received: () => pushService.requests.filter((request) => request.path === path),
    read: (request) =>
      JSON.parse(
        ece
          .decrypt(request.rawBytes, { version: 'aes128gcm', privateKey: keys, authSecret: auth })
          .toString('utf8'),
      ) as PushPayload,
  }
}

/** A stand-in push service that takes every message (201); give its url to PUSH_ENDPOINT_ORIGINS. */
export async function startPushService(): Promise<RecordingServer> {
  const service = await startRecordingServer()
  service.reply('POST', { status: 201, body: '' })
  return service
}

/** A test server whose players' browsers subscribe at a stand-in push service of its own. */
export interface PushTestServer {
  readonly server: TestServer
  readonly pushService: RecordingServer
  /** stops the server and the push service */
  stop(): Promise<void>
}

export async function startServerWithPushService(
  dialect: TestDialect,
  options: TestServerOptions = {},
): Promise<PushTestServer> {
  const pushService = await startPushService()
  const server = await startTestServer(dialect, {
    ...options,
    env: { ...options.env, PUSH_ENDPOINT_ORIGINS: pushService.url },
  })
  return {
    server,
    pushService,
    async stop() {
      await server.stop()
      await pushService.close()
    },
  }
}
