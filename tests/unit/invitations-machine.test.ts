import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { InvitationList } from '~/api/invitations'
import { invitationsMachine, selectLinkCopied } from '~/machines/invitations.machine'
import { invitationLink, settle } from '../support/client-fixtures'

const starterLink = invitationLink('AAAA-AAAA-AAAA-AAAA-AAAA-AAAA', 'open')
const usedLink = invitationLink('BBBB-BBBB-BBBB-BBBB-BBBB-BBBB', 'used')
const withdrawnLink = invitationLink('DDDD-DDDD-DDDD-DDDD-DDDD-DDDD', 'withdrawn')

/** The dialog's machine on a loaded list, the clipboard a recording fake. */
async function started() {
  const clipboard: string[] = []
  const machine = invitationsMachine.provide({
    actors: {
      loadInvitations: fromPromise<InvitationList>(async () => ({
        invitations: [starterLink, usedLink, withdrawnLink],
        limits: { openPerPlayer: 5, lifetimeDays: 14 },
      })),
      copyText: fromPromise<void, { text: string }>(async ({ input }) => {
        clipboard.push(input.text)
      }),
    },
  })
  const actor = createActor(machine, { input: {} }).start()
  await settle()
  return { actor, clipboard }
}

describe("the 'Invite friends' dialog's copying", () => {
  it('copies a link made before this dialog opened (a code a new player got), by its code', async () => {
    const { actor, clipboard } = await started()
    actor.send({ type: 'invitations.copy', code: starterLink.code })
    await settle()
    expect(clipboard).toEqual([starterLink.url])
    expect(selectLinkCopied(actor.getSnapshot())).toBe(starterLink.code)
  })

  it('copies no link that is used, withdrawn or unknown: there is nothing left to share', async () => {
    const { actor, clipboard } = await started()
    for (const code of [usedLink.code, withdrawnLink.code, 'ZZZZ'])
      actor.send({ type: 'invitations.copy', code })
    await settle()
    expect(clipboard).toEqual([])
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(selectLinkCopied(actor.getSnapshot())).toBeUndefined()
  })
})
