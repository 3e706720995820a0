import { describe, expect, it } from 'vitest'
import { defaultPushEndpointOrigins } from '../../server/config'
import { isAllowedPushEndpoint } from '../../server/push/push-endpoints'

describe('isAllowedPushEndpoint', () => {
  it("takes the addresses of today's browsers' push services", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAAB',
      'https://web.push.apple.com/QGuQyavXutnMbu8bZ3',
    ])
      expect(isAllowedPushEndpoint(endpoint, defaultPushEndpointOrigins), endpoint).toBe(true)
  })

  it('refuses any other address: another host, scheme or port, a look-alike, credentials, no URL', () => {
    for (const endpoint of [
      'http://127.0.0.1:6379/',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilnotify.windows.com/x',
      'https://notify.windows.com.evil.example/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'not a url',
    ])
      expect(isAllowedPushEndpoint(endpoint, defaultPushEndpointOrigins), endpoint).toBe(false)
  })

  it('takes an origin with a port exactly, as tests and private push services name it', () => {
    const origins = ['http://127.0.0.1:9000']
    expect(isAllowedPushEndpoint('http://127.0.0.1:9000/push/1', origins)).toBe(true)
    expect(isAllowedPushEndpoint('http://127.0.0.1:9001/push/1', origins)).toBe(false)
    expect(isAllowedPushEndpoint('http://127.0.0.1/push/1', origins)).toBe(false)
  })
})
