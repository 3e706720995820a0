import { randomInt } from 'node:crypto'
import { invitationAlphabet, invitationCodeLength } from '../../src/api/auth'

/** A new code: 24 symbols drawn uniformly from 32, i.e. 120 random bits. */
export function newInvitationCode(): string {
  let code = ''
  for (let i = 0; i < invitationCodeLength; i++)
    code += invitationAlphabet[randomInt(invitationAlphabet.length)]
  return code
}

/** Groups of four for display: ABCD-EFGH-... */
export function formatInvitationCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code
}
