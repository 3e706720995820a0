import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, defaultPushEndpointOrigins, loadConfig, oauthProviders } from '../../server/config'

const secret = 'a-secret-of-at-least-thirty-two-characters'

describe('loadConfig', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'alpha-config-'))
  })
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

  /** A config error's message, or a failure when the configuration loads. */
  function configError(env: Record<string, string>): string {
    try {
      loadConfig({ ALPHA_DATA_DIR: dataDir, ...env })
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      return (error as Error).message
    }
    throw new Error(`no ConfigError for ${JSON.stringify(env)}`)
  }

  it('runs a real game with an empty environment', () => {
    // With ALPHA_SECRET, the defaults are read without generating a key into ./data.
    const config = loadConfig({ ALPHA_SECRET: secret })
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      appOrigin: 'http://localhost:8080',
      databaseUrl: undefined,
      dataDir: resolve('./data'),
      smtpUrl: undefined,
      mailFrom: 'Alpha <no-reply@localhost>',
      timeZone: 'Europe/Berlin',
      testClock: false,
      bots: true,
      scryptLogN: 17,
      staticDir: resolve('./dist'),
      rateLimits: true,
      oauth: {},
      logLevel: 'info',
    })
    expect(config.secret.toString('utf8')).toBe(secret)
  })

  it('generates the link secret once into the data folder and keeps it across restarts', () => {
    const first = loadConfig({ ALPHA_DATA_DIR: dataDir })
    expect(first.dataDir).toBe(dataDir)
    expect(first.secret).toHaveLength(32)
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(true)
    expect(readFileSync(join(dataDir, 'secret.key'), 'utf8')).toBe(first.secret.toString('base64'))
    expect(loadConfig({ ALPHA_DATA_DIR: dataDir }).secret.equals(first.secret)).toBe(true)
  })

  it('reads the port, the origin (without a trailing slash) and flags', () => {
    const config = loadConfig({
      ALPHA_DATA_DIR: dataDir,
      PORT: '3000',
      APP_ORIGIN: 'https://alpha.example/',
      ALPHA_TEST_CLOCK: 'yes',
      ALPHA_BOTS: '0',
      ALPHA_RATE_LIMITS: 'off',
      ALPHA_SCRYPT_LOG_N: '12',
      ALPHA_TIME_ZONE: 'America/New_York',
    })
    expect(config).toMatchObject({
      port: 3000,
      appOrigin: 'https://alpha.example',
      testClock: true,
      bots: false,
      rateLimits: false,
      scryptLogN: 12,
      timeZone: 'America/New_York',
    })
    expect(loadConfig({ ALPHA_DATA_DIR: dataDir, PORT: '3000' }).appOrigin).toBe('http://localhost:3000')
  })

  it('reads the invitation limits players get: 5 open links of 14 days unless the operator says otherwise', () => {
    expect(loadConfig({ ALPHA_DATA_DIR: dataDir })).toMatchObject({ invitesOpenPerPlayer: 5, inviteDays: 14 })
    expect(
      loadConfig({ ALPHA_DATA_DIR: dataDir, ALPHA_INVITES_OPEN_PER_PLAYER: '0', ALPHA_INVITE_DAYS: '3' }),
    ).toMatchObject({ invitesOpenPerPlayer: 0, inviteDays: 3 })
    for (const [name, value] of [
      ['ALPHA_INVITES_OPEN_PER_PLAYER', '-1'],
      ['ALPHA_INVITES_OPEN_PER_PLAYER', 'many'],
      ['ALPHA_INVITE_DAYS', '0'],
      ['ALPHA_INVITE_DAYS', '1.5'],
    ] as const)
      expect(configError({ [name]: value }), `${name}=${value}`).toContain(`${name}:`)
  })

  it('keeps 500 state answers unless the operator says otherwise', () => {
    expect(loadConfig({ ALPHA_DATA_DIR: dataDir }).stateAnswersKept).toBe(500)
    expect(loadConfig({ ALPHA_DATA_DIR: dataDir, ALPHA_STATE_ANSWERS_KEPT: '0' }).stateAnswersKept).toBe(0)
    for (const value of ['-1', 'all', '2.5'])
      expect(configError({ ALPHA_STATE_ANSWERS_KEPT: value }), value).toContain('ALPHA_STATE_ANSWERS_KEPT:')
  })

  it('opens 10 PostgreSQL connections per process unless the operator says otherwise', () => {
    expect(loadConfig({ ALPHA_DATA_DIR: dataDir }).databasePoolSize).toBe(10)
    expect(loadConfig({ ALPHA_DATA_DIR: dataDir, DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4)
    for (const value of ['0', '101', 'many', '2.5'])
      expect(configError({ DATABASE_POOL_SIZE: value }), value).toContain('DATABASE_POOL_SIZE:')
  })

  it("sends pushes only to today's browsers' push services unless the operator names others", () => {
    expect(loadConfig({ ALPHA_DATA_DIR: dataDir }).pushEndpointOrigins).toEqual(defaultPushEndpointOrigins)
    expect(
      loadConfig({
        ALPHA_DATA_DIR: dataDir,
        PUSH_ENDPOINT_ORIGINS: 'https://push.example.com, https://*.example.org ,http://127.0.0.1:9000',
      }).pushEndpointOrigins,
    ).toEqual(['https://push.example.com', 'https://*.example.org', 'http://127.0.0.1:9000'])
    for (const value of [
      'push.example.com',
      'https://push.example.com/path',
      'ftp://push.example.com',
      'https://a*.b',
    ])
      expect(configError({ PUSH_ENDPOINT_ORIGINS: value }), value).toContain('PUSH_ENDPOINT_ORIGINS:')
  })

  it('refuses an invalid PORT with a message that names it', () => {
    for (const port of ['abc', '70000', '-1', '80.5']) {
      const message = configError({ PORT: port })
      expect(message, port).toMatch(/^Invalid configuration:\nPORT: /)
    }
  })

  it('refuses an unknown time zone with a message that names the zone', () => {
    expect(configError({ ALPHA_TIME_ZONE: 'Mars/Olympus_Mons' })).toBe(
      'ALPHA_TIME_ZONE: unknown zone Mars/Olympus_Mons',
    )
  })

  it('refuses other bad values, each named in the message', () => {
    expect(configError({ ALPHA_SECRET: 'too short' })).toContain('ALPHA_SECRET:')
    expect(configError({ ALPHA_SCRYPT_LOG_N: '8' })).toContain('ALPHA_SCRYPT_LOG_N:')
    expect(configError({ ALPHA_BOTS: 'maybe' })).toContain('ALPHA_BOTS:')
    expect(configError({ APP_ORIGIN: 'not a url' })).toContain('APP_ORIGIN:')
    expect(configError({ LOG_LEVEL: 'loud' })).toContain('LOG_LEVEL:')
    const both = configError({ PORT: 'x', LOG_LEVEL: 'loud' })
    expect(both).toContain('PORT:')
    expect(both).toContain('LOG_LEVEL:')
  })

  describe('social sign-in providers', () => {
    it('are the five of the spec', () => {
      expect([...oauthProviders].sort()).toEqual(['discord', 'facebook', 'google', 'reddit', 'twitter'])
    })

    it('are enabled only with both a client id and a secret', () => {
      const config = loadConfig({
        ALPHA_DATA_DIR: dataDir,
        OAUTH_GOOGLE_CLIENT_ID: 'google-id',
        OAUTH_GOOGLE_CLIENT_SECRET: 'google-secret',
        OAUTH_REDDIT_CLIENT_ID: 'reddit-id',
        OAUTH_DISCORD_CLIENT_SECRET: 'discord-secret',
        OAUTH_FACEBOOK_CLIENT_ID: '',
        OAUTH_FACEBOOK_CLIENT_SECRET: 'facebook-secret',
      })
      expect(Object.keys(config.oauth)).toEqual(['google'])
      expect(config.oauth.google).toMatchObject({ clientId: 'google-id', clientSecret: 'google-secret' })
    })

    it('each read from its own variables', () => {
      for (const provider of oauthProviders) {
        const prefix = `OAUTH_${provider.toUpperCase()}`
        const config = loadConfig({
          ALPHA_DATA_DIR: dataDir,
          [`${prefix}_CLIENT_ID`]: `${provider}-id`,
          [`${prefix}_CLIENT_SECRET`]: `${provider}-secret`,
          [`${prefix}_ENDPOINTS_BASE`]: 'http://127.0.0.1:9999',
        })
        expect(Object.keys(config.oauth)).toEqual([provider])
        expect(config.oauth[provider]).toEqual({
          clientId: `${provider}-id`,
          clientSecret: `${provider}-secret`,
          endpointsBase: 'http://127.0.0.1:9999',
        })
      }
    })
  })
})
