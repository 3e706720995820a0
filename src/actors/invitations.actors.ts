import { fromPromise } from 'xstate'
import type { InvitationList, PlayerInvitation } from '../api/invitations'
import type { InvitationsMachine } from '../machines/invitations.machine'
import { gameCallFor } from './game-api'
import type { ServerErrorPolicyDeps } from './server-error.actors'

export interface InvitationsDeps extends ServerErrorPolicyDeps {
  /** puts text on the clipboard @default the browser's `navigator.clipboard.writeText` */
  readonly writeText?: (text: string) => Promise<void>
}

async function browserWriteText(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('no clipboard')
  await navigator.clipboard.writeText(text)
}

/** The invitations dialog's effects: `GET`, `POST` and `DELETE /v1/invitations`, and the clipboard. */
export function provideInvitations(machine: InvitationsMachine, deps: InvitationsDeps) {
  const call = gameCallFor(deps)
  const writeText = deps.writeText ?? browserWriteText
  return machine.provide({
    actors: {
      loadInvitations: fromPromise<InvitationList>(({ signal }) => call('invitations', { signal })),
      createInvitation: fromPromise<PlayerInvitation, { readonly groupId?: number }>(({ input, signal }) =>
        call('createInvitation', { body: input, signal }),
      ),
      withdrawInvitation: fromPromise<void, { readonly code: string }>(async ({ input, signal }) => {
        await call('withdrawInvitation', { params: { code: input.code }, signal })
      }),
      copyText: fromPromise<void, { readonly text: string }>(({ input }) => writeText(input.text)),
    },
  })
}
