import { describe, expect, it } from 'vitest'
import { formatInvitationCode, newInvitationCode } from '../../server/auth/invitation-codes'
import { invitationAlphabet, invitationCodeLength, invitationCodeSchema } from '../../src/api/auth'

describe('invitation codes', () => {
  it('are 24 symbols of a 32-symbol alphabet without I, L, O, U', () => {
    expect(invitationCodeLength).toBe(24)
    expect(invitationAlphabet).toHaveLength(32)
    expect(new Set(invitationAlphabet).size).toBe(32)
    for (const confusable of ['I', 'L', 'O', 'U']) expect(invitationAlphabet).not.toContain(confusable)
    for (let i = 0; i < 200; i++) expect(newInvitationCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{24}$/)
  })

  it('carry at least 100 random bits (24 * log2(32) = 120)', () => {
    const bits = invitationCodeLength * Math.log2(invitationAlphabet.length)
    expect(bits).toBe(120)
    expect(bits).toBeGreaterThanOrEqual(100)
  })

  it('differ from each other', () => {
    const codes = Array.from({ length: 5000 }, newInvitationCode)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('use every symbol at every position about equally often', () => {
    const codes = Array.from({ length: 4000 }, newInvitationCode)
    const counts = new Map<string, number>()
    for (const code of codes) for (const symbol of code) counts.set(symbol, (counts.get(symbol) ?? 0) + 1)
    // 96,000 symbols over 32: 3,000 each expected; a uniform draw stays within ±10 % (over 5 sigma).
    expect(counts.size).toBe(32)
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(2700)
      expect(count).toBeLessThan(3300)
    }
    for (let position = 0; position < invitationCodeLength; position++)
      expect(new Set(codes.map((code) => code[position])).size).toBe(32)
  })

  it('are shown in groups of four and read back from that form', () => {
    const code = 'ABCDEFGHJKMNPQRSTVWXYZ01'
    expect(formatInvitationCode(code)).toBe('ABCD-EFGH-JKMN-PQRS-TVWX-YZ01')
    for (let i = 0; i < 100; i++) {
      const fresh = newInvitationCode()
      const shown = formatInvitationCode(fresh)
      expect(shown).toMatch(/^([0-9A-Z]{4}-){5}[0-9A-Z]{4}$/)
      expect(invitationCodeSchema.parse(shown)).toBe(fresh)
      expect(invitationCodeSchema.parse(shown.toLowerCase())).toBe(fresh)
    }
  })
})
