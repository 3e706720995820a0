import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { styled } from 'styled-system/jsx'
import { provideGroupForm } from '~/actors/group-form.actors'
import type { Group } from '~/api/groups'
import { groupFormMachine, selectSaved, selectSubmitting } from '~/machines/group-form.machine'
import { useClient } from '~/views/client-context'
import { Button, Dialog, DialogCloseButton, Portal } from '~/views/ui'
import { GroupFormFields } from './GroupFormFields'

export interface GroupFormDialogProps {
  /** the group to change; absent: a new one */
  readonly group?: Group
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
}

/** The form's actor lives while the dialog is open (the content unmounts on close). */
function GroupForm({ group, onDone }: { readonly group?: Group; readonly onDone: () => void }) {
  const client = useClient()
  const form = useActorRef(provideGroupForm(groupFormMachine, { ...client.effects, groups: client.groups }), {
    input: { group },
  })
  const submitting = useSelector(form, selectSubmitting)
  const saved = useSelector(form, selectSaved)
  useEffect(() => {
    if (saved) onDone()
  }, [saved, onDone])
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        form.send({ type: 'groupForm.submit' })
      }}
    >
      <GroupFormFields form={form} />
      <styled.div display="flex" justifyContent="flex-end" gap="3" mt="6">
        <Dialog.CloseTrigger asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </Dialog.CloseTrigger>
        <Button type="submit" disabled={submitting} aria-busy={submitting}>
          {group ? 'Save group' : 'Create group'}
        </Button>
      </styled.div>
    </form>
  )
}

/** Create a group, or change one's settings (spec §2 group overview: create, change). */
export function GroupFormDialog({ group, open, onOpenChange }: GroupFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content p="6" w="full" maxW="lg" display="flex" flexDirection="column" gap="4">
            <Dialog.Title pr="8">{group ? `Change ${group.name}` : 'Create a group'}</Dialog.Title>
            <GroupForm group={group} onDone={() => onOpenChange(false)} />
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
