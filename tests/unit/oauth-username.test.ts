import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sanitizeUsername, usernameBase, usernameCandidate } from '../../server/auth/oauth/username'
import { usernameSchema } from '../../src/api/auth'
import { validationTexts } from '../../src/api/texts'

const validUsername = /^[A-Za-z0-9_]{3,24}$/

describe('username from a social account', () => {
  it.each([
    ['Jane Doe', 'Jane_Doe'],
    ['José Álvarez-Núñez', 'Jose_Alvarez_Nunez'],
    ['jane.doe', 'jane_doe'],
    ['  --Mr. T--  ', 'Mr_T'],
    ['Zoë  Ødegaard', 'Zoe_Odegaard'],
    ['Łukasz Straße', 'Lukasz_Strasse'],
    ['山田太郎', ''],
    ['a_very_long_display_name_that_goes_on', 'a_very_long_display_name'],
    ['abcdefghijklmnopqrstuvw x', 'abcdefghijklmnopqrstuvw'],
  ])('sanitizes %j to %j', (suggestion, expected) => {
    expect(sanitizeUsername(suggestion)).toBe(expected)
  })

  it('takes the first suggestion that yields a valid name, else player', () => {
    expect(usernameBase(['山田太郎', 'yamada.taro'])).toBe('yamada_taro')
    expect(usernameBase(['Al', 'alice'])).toBe('alice')
    expect(usernameBase(['__', '!!'])).toBe('player')
    expect(usernameBase([])).toBe('player')
  })

  it('numbers later tries from 2 and keeps them within 24 characters', () => {
    expect(usernameCandidate('Jane_Doe', 0)).toBe('Jane_Doe')
    expect(usernameCandidate('Jane_Doe', 1)).toBe('Jane_Doe2')
    expect(usernameCandidate('Jane_Doe', 11)).toBe('Jane_Doe12')
    expect(usernameCandidate('x'.repeat(24), 1)).toBe(`${'x'.repeat(23)}2`)
    expect(usernameCandidate('x'.repeat(24), 99)).toBe(`${'x'.repeat(21)}100`)
  })

  it('always yields a valid, distinct name per attempt, whatever the provider sends', () => {
    const hidden = fc.constantFrom('\u202E', '\u200B', '\u200D', '\u2066', '\uFEFF', '\u0000', 'Ｊ', 'ﬁ')
    const suggestion = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: fc.oneof(hidden, fc.constantFrom('a', 'B', '1', ' ')), maxLength: 40 }),
    )
    fc.assert(
      fc.property(fc.array(suggestion, { maxLength: 3 }), fc.nat(10_000), (suggestions, attempt) => {
        const base = usernameBase(suggestions)
        const name = usernameCandidate(base, attempt)
        expect(name).toMatch(validUsername)
        // The sign-up schema takes it as it is (nothing it refuses, nothing normalisation changes), or
        // refuses a reserved name such as 'admin', which the sign-up skips to the next attempt.
        const parsed = usernameSchema.safeParse(name)
        if (parsed.success) expect(parsed.data).toBe(name)
        else expect(parsed.error.issues.map((issue) => issue.message)).toEqual([validationTexts.username])
        expect(usernameCandidate(base, attempt + 1)).not.toBe(name)
      }),
    )
  })
})
