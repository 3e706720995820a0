import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizedName } from '../../src/domain/names'

/** One of each kind of character a name refuses, by code point. */
const refused = {
  'NUL (Cc)': 0x0000,
  'tab (Cc)': 0x0009,
  'line feed (Cc)': 0x000a,
  'DEL (Cc)': 0x007f,
  'C1 control (Cc)': 0x0085,
  'zero-width space': 0x200b,
  'zero-width non-joiner': 0x200c,
  'zero-width joiner': 0x200d,
  'left-to-right mark': 0x200e,
  'right-to-left mark': 0x200f,
  'Arabic letter mark': 0x061c,
  'left-to-right embedding': 0x202a,
  'right-to-left embedding': 0x202b,
  'pop directional formatting': 0x202c,
  'left-to-right override': 0x202d,
  'right-to-left override': 0x202e,
  'left-to-right isolate': 0x2066,
  'right-to-left isolate': 0x2067,
  'first strong isolate': 0x2068,
  'pop directional isolate': 0x2069,
  'word joiner': 0x2060,
  'byte order mark': 0xfeff,
  'soft hyphen (Cf)': 0x00ad,
  'line separator': 0x2028,
  'paragraph separator': 0x2029,
  'lone surrogate': 0xd800,
}

describe('normalizedName', () => {
  it.each(Object.entries(refused))('refuses a %s anywhere in the name', (_, codePoint) => {
    const char = String.fromCharCode(codePoint)
    for (const name of [`${char}Bulls`, `Bu${char}lls`, `Bulls${char}`, ` ${char} Bulls`])
      expect(normalizedName(name), JSON.stringify(name)).toBeUndefined()
  })

  it('refuses the classic reversed file name', () => {
    expect(normalizedName('invoice\u202Efdp.exe')).toBeUndefined()
  })

  it('turns compatibility forms into the letters they look like, and trims', () => {
    expect(normalizedName('Ｂｕｌｌｓ')).toBe('Bulls')
    expect(normalizedName('ﬁnance')).toBe('finance')
    expect(normalizedName('Ⅻ club²')).toBe('XII club2')
    // an ideographic space becomes a plain one, so it is trimmed too
    expect(normalizedName('\u3000Bears  ')).toBe('Bears')
    // composed and decomposed forms become one
    expect(normalizedName('Cafe\u0301')).toBe('Café')
  })

  it('keeps letters of every script, emoji and inner spaces as they are', () => {
    for (const name of ['Bulls & Bears', '山田の会', 'Ώμέγα', 'עברית', 'عربي', 'Rocket 🚀', 'Love ❤️', '𐀀'])
      expect(normalizedName(name)).toBe(name)
  })

  it('keeps the joiner inside an emoji sequence, and refuses it anywhere else', () => {
    for (const name of ['Family 👨\u200D👩\u200D👧', 'Pride 🏳️\u200D🌈', 'Coders 🧑🏽\u200D💻'])
      expect(normalizedName(name), JSON.stringify(name)).toBe(name)
    // beside a letter it only hides: 'Bu\u200Dlls' looks like 'Bulls'
    for (const name of [
      'Bu\u200Dlls',
      '🚀\u200DBulls',
      'Bulls\u200D🚀',
      '\u200D🚀',
      '🚀\u200D',
      '🚀\u200D\u200D🚀',
    ])
      expect(normalizedName(name), JSON.stringify(name)).toBeUndefined()
  })

  it('yields a name it takes as it is, with nothing of what it refuses in it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (raw) => {
        const name = normalizedName(raw)
        if (name === undefined) return
        expect(normalizedName(name)).toBe(name)
        // by code point: the high half of a valid pair ('𐀀') is no lone surrogate
        const chars = [...name]
        const codePoints = new Set(chars.map((char) => char.codePointAt(0)))
        for (const codePoint of Object.values(refused))
          if (codePoint !== 0x200d) expect(codePoints.has(codePoint)).toBe(false)
        // a joiner only between two pictographs (the first perhaps with its presentation or skin tone)
        chars.forEach((char, i) => {
          if (char !== '\u200D') return
          const before = /[\u{FE0F}\u{1F3FB}-\u{1F3FF}]/u.test(chars[i - 1] ?? '')
            ? chars[i - 2]
            : chars[i - 1]
          expect(/\p{Extended_Pictographic}/u.test(before ?? '')).toBe(true)
          expect(/\p{Extended_Pictographic}/u.test(chars[i + 1] ?? '')).toBe(true)
        })
      }),
    )
  })
})
