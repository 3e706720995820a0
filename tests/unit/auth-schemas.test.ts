import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  emailSchema,
  invitationAlphabet,
  invitationCodeLength,
  invitationCodeSchema,
  passwordSchema,
  signInBodySchema,
  signUpBodySchema,
  usernameSchema,
} from '../../src/api/auth'
import { validationTexts } from '../../src/api/texts'

/** The message of the first issue, i.e. what the form shows under the field. */
function errorOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value)
  return result.success ? undefined : result.error.issues[0]?.message
}

const code = fc
  .array(fc.constantFrom(...invitationAlphabet), {
    minLength: invitationCodeLength,
    maxLength: invitationCodeLength,
  })
  .map((symbols) => symbols.join(''))

const validSignUp = {
  invitationCode: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01',
  email: 'ada@example.com',
  username: 'ada_lovelace',
  password: 'correct horse battery',
  acceptTerms: true,
}

describe('the spec texts of the sign-up fields', () => {
  it('are the ones the spec prints', () => {
    expect(validationTexts.invitationCode).toBe('Please enter a valid invitation code')
    expect(validationTexts.email).toBe('Please enter a valid email address')
    expect(validationTexts.username).toBe('Please enter a valid username')
    expect(validationTexts.password).toBe('Please enter a valid password')
  })

  it('come with every kind of bad invitation code', () => {
    for (const bad of [
      undefined,
      null,
      42,
      '',
      'ABC',
      'I'.repeat(24),
      'ABCD-EFGH-JKMN-PQRS-TVWX-YZ0U',
      'x'.repeat(65),
    ])
      expect(errorOf(invitationCodeSchema, bad), String(bad)).toBe('Please enter a valid invitation code')
  })

  it('come with every kind of bad e-mail address', () => {
    for (const bad of [
      undefined,
      7,
      '',
      'ada',
      'ada@',
      '@example.com',
      'ada@@example.com',
      `${'a'.repeat(250)}@e.de`,
    ])
      expect(errorOf(emailSchema, bad), String(bad)).toBe('Please enter a valid email address')
  })

  it('come with every kind of bad username', () => {
    for (const bad of [
      undefined,
      1,
      '',
      'ab',
      'a'.repeat(25),
      'ada lovelace',
      'ada-l',
      'adä',
      'admin',
      'Bank',
      'ME',
    ])
      expect(errorOf(usernameSchema, bad), String(bad)).toBe('Please enter a valid username')
  })

  it('come with every kind of bad password', () => {
    for (const bad of [undefined, 12, '', 'short', 'x'.repeat(11), 'x'.repeat(129)])
      expect(errorOf(passwordSchema, bad), String(bad)).toBe('Please enter a valid password')
  })

  it('are reported per field by the sign-up body', () => {
    const result = signUpBodySchema.safeParse({
      invitationCode: 'nope',
      email: 'nope',
      username: 'n',
      password: 'nope',
      acceptTerms: true,
    })
    expect(result.success).toBe(false)
    const byField = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))
    expect(byField).toEqual({
      invitationCode: 'Please enter a valid invitation code',
      email: 'Please enter a valid email address',
      username: 'Please enter a valid username',
      password: 'Please enter a valid password',
    })
  })
})

describe('invitationCodeSchema', () => {
  it('accepts every code of 24 alphabet symbols as it is', () => {
    fc.assert(
      fc.property(code, (c) => {
        expect(invitationCodeSchema.parse(c)).toBe(c)
      }),
    )
  })

  it('normalizes lower case, dashes and spaces as people type them', () => {
    expect(invitationCodeSchema.parse('abcd-efgh-jkmn-pqrs-tvwx-yz01')).toBe('ABCDEFGHJKMNPQRSTVWXYZ01')
    expect(invitationCodeSchema.parse(' abcd efgh jkmn pqrs tvwx yz01 ')).toBe('ABCDEFGHJKMNPQRSTVWXYZ01')
    fc.assert(
      fc.property(
        code,
        fc.array(fc.constantFrom('-', ' '), { maxLength: 10 }),
        fc.nat(),
        (c, separators, at) => {
          let typed = c.toLowerCase()
          for (const separator of separators) {
            const i = (at + typed.length) % (typed.length + 1)
            typed = typed.slice(0, i) + separator + typed.slice(i)
          }
          expect(invitationCodeSchema.parse(typed)).toBe(c)
        },
      ),
    )
  })

  it('refuses a wrong length and the symbols I, L, O, U', () => {
    fc.assert(
      fc.property(
        code,
        fc.constantFrom('I', 'L', 'O', 'U', 'i', 'l', 'o', 'u', '!', 'Ä'),
        fc.nat(23),
        (c, bad, i) => {
          expect(invitationCodeSchema.safeParse(c.slice(0, i) + bad + c.slice(i + 1)).success).toBe(false)
        },
      ),
    )
    expect(invitationCodeSchema.safeParse('A'.repeat(23)).success).toBe(false)
    expect(invitationCodeSchema.safeParse('A'.repeat(25)).success).toBe(false)
  })
})

describe('emailSchema', () => {
  it('accepts addresses, trimmed', () => {
    expect(emailSchema.parse('  ada@example.com ')).toBe('ada@example.com')
    expect(emailSchema.parse('Ada.Lovelace+alpha@mail.example.co.uk')).toBe(
      'Ada.Lovelace+alpha@mail.example.co.uk',
    )
  })
})

describe('usernameSchema', () => {
  it('accepts 3 to 24 letters, digits and underscores, trimmed', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_]{3,24}$/), (name) => {
        fc.pre(
          !['guest', 'bank', 'thebank', 'the_bank', 'admin', 'alpha', 'system'].includes(name.toLowerCase()),
        )
        expect(usernameSchema.parse(` ${name} `)).toBe(name)
      }),
    )
  })

  it('refuses control, invisible and text-direction characters with a text that says so', () => {
    for (const name of [
      '\u202Eadmin',
      'ada\u200B',
      'ada\u200Dlove',
      '\u2066ada\u2069',
      'ada\u0000',
      '\uFEFFada',
    ])
      expect(errorOf(usernameSchema, name), JSON.stringify(name)).toBe(validationTexts.usernameCharacters)
  })

  it('keeps a fullwidth name as the ASCII it looks like, and refuses reserved names in any width', () => {
    expect(usernameSchema.parse('ａｄａ＿ｌｏｖｅｌａｃｅ')).toBe('ada_lovelace')
    expect(usernameSchema.parse('\u3000ada\u3000')).toBe('ada')
    expect(errorOf(usernameSchema, 'ＡＤＭＩＮ')).toBe(validationTexts.username)
  })
})

describe('passwordSchema: 12 to 128 characters', () => {
  it('counts characters, not UTF-16 units: an emoji is one character', () => {
    expect(passwordSchema.safeParse('😀'.repeat(12)).success).toBe(true)
    expect(passwordSchema.safeParse('😀'.repeat(11)).success).toBe(false)
    expect(passwordSchema.safeParse('😀'.repeat(128)).success).toBe(true)
    expect(passwordSchema.safeParse('😀'.repeat(129)).success).toBe(false)
    expect(passwordSchema.safeParse(`${'😀'.repeat(6)}passwd`).success).toBe(true)
  })

  it('accepts exactly the lengths 12 ..= 128 of any characters, with no composition rules', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 0, maxLength: 140 }), (password) => {
        const length = [...password].length
        expect(passwordSchema.safeParse(password).success).toBe(length >= 12 && length <= 128)
      }),
    )
    expect(passwordSchema.safeParse('a'.repeat(12)).success).toBe(true)
    expect(passwordSchema.safeParse('a'.repeat(128)).success).toBe(true)
  })

  it('does not trim: spaces count as characters', () => {
    expect(passwordSchema.safeParse(' '.repeat(12)).success).toBe(true)
    expect(passwordSchema.parse('  passphrase  ')).toBe('  passphrase  ')
  })
})

describe('request bodies', () => {
  it('sign-up: needs the terms agreed and refuses unknown fields', () => {
    expect(signUpBodySchema.safeParse(validSignUp).success).toBe(true)
    expect(errorOf(signUpBodySchema, { ...validSignUp, acceptTerms: false })).toBe(
      'Please agree to the terms and conditions',
    )
    expect(signUpBodySchema.safeParse({ ...validSignUp, isAdmin: true }).success).toBe(false)
    expect(signUpBodySchema.parse(validSignUp).invitationCode).toBe('ABCDEFGHJKMNPQRSTVWXYZ01')
  })

  it('sign-in: takes a login and a password, nothing else', () => {
    expect(signInBodySchema.parse({ login: ' ada ', password: 'x' })).toEqual({ login: 'ada', password: 'x' })
    expect(signInBodySchema.safeParse({ login: '', password: 'x' }).success).toBe(false)
    expect(signInBodySchema.safeParse({ login: 'ada', password: '' }).success).toBe(false)
    expect(signInBodySchema.safeParse({ login: 'ada', password: 'x', remember: true }).success).toBe(false)
  })
})
