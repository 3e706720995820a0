import { describe, expect, it } from 'vitest'
import { endpointsOf, oauthProviderSpecs } from '../../server/auth/oauth/providers'

/** User-info answers shaped as each provider documents them. */
describe('reading the user-info answer of each provider', () => {
  it('Google (OpenID Connect userinfo)', () => {
    const profile = oauthProviderSpecs.google.readProfile({
      sub: '1057',
      email: 'jane@gmail.test',
      email_verified: true,
      name: 'Jane Doe',
      given_name: 'Jane',
      family_name: 'Doe',
      picture: 'https://example.test/p.png',
    })
    expect(profile).toEqual({
      id: '1057',
      email: 'jane@gmail.test',
      emailVerified: true,
      nameSuggestions: ['Jane Doe', 'Jane', 'jane'],
      firstName: 'Jane',
      lastName: 'Doe',
    })
  })

  it('Reddit (/api/v1/me): never an address', () => {
    expect(oauthProviderSpecs.reddit.readProfile({ id: 'abc12', name: 'spez', total_karma: 1 })).toEqual({
      id: 'abc12',
      email: null,
      emailVerified: false,
      nameSuggestions: ['spez'],
      firstName: null,
      lastName: null,
    })
  })

  it('X (/2/users/me): the handle first, a confirmed address only', () => {
    const withEmail = oauthProviderSpecs.twitter.readProfile({
      data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers', confirmed_email: 'dev@x.test' },
    })
    expect(withEmail).toMatchObject({
      id: '2244994945',
      email: 'dev@x.test',
      emailVerified: true,
      nameSuggestions: ['XDevelopers', 'X Dev'],
    })
    const without = oauthProviderSpecs.twitter.readProfile({ data: { id: '1', username: 'someone' } })
    expect(without).toMatchObject({ email: null, emailVerified: false })
  })

  it('Discord (/users/@me): the address counts only when verified', () => {
    const answer = {
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly',
      email: 'nelly@discord.test',
      verified: false,
    }
    expect(oauthProviderSpecs.discord.readProfile(answer)).toMatchObject({
      id: '80351110224678912',
      email: 'nelly@discord.test',
      emailVerified: false,
      nameSuggestions: ['nelly', 'Nelly'],
    })
    expect(oauthProviderSpecs.discord.readProfile({ ...answer, verified: true }).emailVerified).toBe(true)
    expect(
      oauthProviderSpecs.discord.readProfile({ id: '1', username: 'x', global_name: null }),
    ).toMatchObject({
      email: null,
    })
  })

  it('Facebook (/me): the address is not vouched for', () => {
    expect(
      oauthProviderSpecs.facebook.readProfile({
        id: '10223',
        name: 'Fritz Book',
        first_name: 'Fritz',
        last_name: 'Book',
        email: 'fritz@fb.test',
      }),
    ).toEqual({
      id: '10223',
      email: 'fritz@fb.test',
      emailVerified: false,
      nameSuggestions: ['Fritz Book', 'Fritz'],
      firstName: 'Fritz',
      lastName: 'Book',
    })
  })

  it('refuses an answer without an account id', () => {
    for (const spec of Object.values(oauthProviderSpecs)) {
      expect(() => spec.readProfile({ error: 'invalid_token' })).toThrow()
    }
  })
})

describe('provider endpoints', () => {
  it('are the documented https ones by default', () => {
    for (const spec of Object.values(oauthProviderSpecs)) {
      const endpoints = endpointsOf(spec, { clientId: 'id', clientSecret: 'secret' })
      for (const url of Object.values(endpoints)) expect(url).toMatch(/^https:\/\//)
    }
  })

  it('follow endpointsBase (a local OAuth 2.0 server in tests)', () => {
    const endpoints = endpointsOf(oauthProviderSpecs.twitter, {
      clientId: 'id',
      clientSecret: 'secret',
      endpointsBase: 'http://127.0.0.1:9000/',
    })
    expect(endpoints).toEqual({
      authorization: 'http://127.0.0.1:9000/authorize',
      token: 'http://127.0.0.1:9000/token',
      userInfo: 'http://127.0.0.1:9000/userinfo',
    })
  })
})
