import { describe, expect, it } from 'vitest'
import { validationTexts } from '~/api/texts'
import {
  changeEmailRules,
  changePasswordRules,
  emailChangeLinkOf,
  emailLinkOf,
  passwordResetRequestRules,
  passwordResetRules,
  signUpRules,
} from '~/domain/account-form-rules'
import { errorMessagesOf, resetLinkState, signInRules, withoutErrorMessages } from '~/domain/account-forms'
import { sameAppPath } from '~/domain/same-app-path'
import { socialStartPath } from '~/domain/social-sign-in'

const goodSignUp = {
  invitationCode: 'abcd-efgh-jkmn-pqrs-tvwx-yz01',
  email: 'new@example.test',
  username: 'new_player',
  password: 'twelve chars!',
  firstName: '',
  lastName: '',
  acceptTerms: true,
}

describe('sign-up rules (spec §5)', () => {
  it('accepts a complete form', () => {
    expect(signUpRules(goodSignUp)).toEqual({})
  })

  it("names every bad field with the spec's text", () => {
    expect(
      signUpRules({
        invitationCode: 'nope',
        email: 'no-at',
        username: 'a',
        password: 'short',
        acceptTerms: false,
      }),
    ).toEqual({
      invitationCode: 'Please enter a valid invitation code',
      email: 'Please enter a valid email address',
      username: 'Please enter a valid username',
      password: 'Please enter a valid password',
      acceptTerms: validationTexts.acceptTerms,
    })
  })

  it('requires the invitation code and the terms', () => {
    const problems = signUpRules({ ...goodSignUp, invitationCode: '', acceptTerms: false })
    expect(Object.keys(problems)).toEqual(['invitationCode', 'acceptTerms'])
  })

  it('allows passwords of 12 to 128 characters only', () => {
    expect(signUpRules({ ...goodSignUp, password: 'x'.repeat(11) }).password).toBe(
      'Please enter a valid password',
    )
    expect(signUpRules({ ...goodSignUp, password: 'x'.repeat(128) }).password).toBeUndefined()
    expect(signUpRules({ ...goodSignUp, password: 'x'.repeat(129) }).password).toBe(
      'Please enter a valid password',
    )
  })

  it('refuses reserved usernames', () => {
    expect(signUpRules({ ...goodSignUp, username: 'The_Bank' }).username).toBe(
      'Please enter a valid username',
    )
  })
})

describe('sign-in, reset request and reset rules', () => {
  it('needs a login and a password to sign in', () => {
    expect(Object.keys(signInRules({ login: ' ', password: '' }))).toEqual(['login', 'password'])
    expect(signInRules({ login: 'alice', password: 'x' })).toEqual({})
  })

  it('needs an e-mail address for the reset request', () => {
    expect(passwordResetRequestRules({ email: 'x' })).toEqual({ email: 'Please enter a valid email address' })
    expect(passwordResetRequestRules({ email: 'a@b.test' })).toEqual({})
  })

  it('needs a valid new password and the same confirmation', () => {
    expect(passwordResetRules({ password: 'long enough pw', confirmation: 'long enough pW' })).toEqual({
      confirmation: 'New password and confirmation password do not match',
    })
    expect(passwordResetRules({ password: 'short', confirmation: 'short' })).toEqual({
      password: 'Please enter a valid password',
    })
    expect(passwordResetRules({ password: 'long enough pw', confirmation: 'long enough pw' })).toEqual({})
  })

  it('needs the current password for a change, and a valid new one twice', () => {
    expect(changePasswordRules({ currentPassword: '', password: 'short', confirmation: '' })).toEqual({
      currentPassword: 'Please enter your password',
      password: 'Please enter a valid password',
      confirmation: 'New password and confirmation password do not match',
    })
    expect(
      changePasswordRules({
        currentPassword: 'x',
        password: 'long enough pw',
        confirmation: 'long enough pw',
      }),
    ).toEqual({})
  })
})

describe("Settings' e-mail change", () => {
  it('needs a valid new address and the password', () => {
    expect(changeEmailRules({ email: 'no address', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Please enter your password',
    })
    expect(changeEmailRules({ email: ' new@example.test ', password: 'x' })).toEqual({})
  })
})

describe('links', () => {
  it('reads an e-mail link', () => {
    expect(emailLinkOf('userId=7&email=a%40b.test&sgn=abc')).toEqual({
      userId: 7,
      email: 'a@b.test',
      sgn: 'abc',
    })
    expect(emailLinkOf('userId=x&email=a%40b.test&sgn=abc')).toBeUndefined()
    expect(emailLinkOf('userId=7&email=a%40b.test')).toBeUndefined()
  })

  it("reads an e-mail change's link: a confirmation names the address it replaces, a take-back does not", () => {
    expect(emailChangeLinkOf('userId=7&email=n%40b.test&from=o%40b.test&validUntil=2000&sgn=abc')).toEqual({
      userId: 7,
      email: 'n@b.test',
      from: 'o@b.test',
      validUntil: 2000,
      sgn: 'abc',
    })
    expect(emailChangeLinkOf('userId=7&email=o%40b.test&validUntil=2000&sgn=abc')).toEqual({
      userId: 7,
      email: 'o@b.test',
      validUntil: 2000,
      sgn: 'abc',
    })
    expect(emailChangeLinkOf('userId=7&email=n%40b.test&from=o%40b.test&sgn=abc')).toBeUndefined()
    expect(emailChangeLinkOf('userId=7&email=n%40b.test&validUntil=soon&sgn=abc')).toBeUndefined()
  })

  it('tells a valid, an expired and an invalid reset link apart', () => {
    expect(resetLinkState('userId=7&validUntil=2000&sgn=s', 1000)).toEqual({
      kind: 'valid',
      link: { userId: 7, validUntil: 2000, sgn: 's' },
    })
    expect(resetLinkState('userId=7&validUntil=1000&sgn=s', 1000)).toEqual({ kind: 'expired' })
    expect(resetLinkState('userId=-1&validUntil=2000&sgn=s', 1000)).toEqual({ kind: 'invalid' })
    expect(resetLinkState('userId=7&validUntil=2e3&sgn=s', 1000)).toEqual({ kind: 'invalid' })
    expect(resetLinkState('userId=7&validUntil=2000', 1000)).toEqual({ kind: 'invalid' })
  })
})

describe('the sign-in Error dialog query', () => {
  it('collects every errorMessage value in order', () => {
    expect(errorMessagesOf('errorMessage=One&next=%2F&errorMessage=Two&errorMessage=%20')).toEqual([
      'One',
      'Two',
    ])
    expect(errorMessagesOf('')).toEqual([])
  })

  it('drops the messages and keeps the rest', () => {
    expect(withoutErrorMessages('errorMessage=One&next=%2Fpolls')).toBe('next=%2Fpolls')
  })
})

describe('same-app paths', () => {
  it.each([
    ['/polls?tab=finished', '/polls?tab=finished'],
    ['/', '/'],
    ['//evil.test', undefined],
    ['/\\evil.test', undefined],
    ['https://evil.test', undefined],
    ['/\tpolls', undefined],
    [null, undefined],
    ['', undefined],
  ])('%s -> %s', (value, expected) => {
    expect(sameAppPath(value)).toBe(expected)
  })
})

describe('social start links', () => {
  it('signs in with a same-app next only', () => {
    expect(socialStartPath('google')).toBe('/v1/auth/oauth/google/start')
    expect(socialStartPath('discord', { next: '/polls' })).toBe('/v1/auth/oauth/discord/start?next=%2Fpolls')
    expect(socialStartPath('discord', { next: '//evil.test' })).toBe('/v1/auth/oauth/discord/start')
  })

  it('carries the code and the terms for sign-up', () => {
    expect(socialStartPath('reddit', { invitationCode: ' CODE ', acceptTerms: true })).toBe(
      '/v1/auth/oauth/reddit/start?invitationCode=CODE&acceptTerms=true',
    )
  })
})
