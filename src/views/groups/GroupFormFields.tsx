import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import { groupNameTexts, groupTexts } from '~/api/groups'
import { avatarMaxBytes, groupNameMaxLength } from '~/domain/group-rules'
import {
  type GroupFormMachine,
  selectDraft,
  selectFormProblems,
  selectIsNewGroup,
} from '~/machines/group-form.machine'
import { groupFormTexts } from '~/machines/group-form.types'
import { Field, Switch } from '~/views/ui'
import { AvatarPicker } from './AvatarPicker'
import { EventFields } from './EventFields'

const problemTexts = {
  ...groupNameTexts,
  avatar: groupTexts.avatar,
  avatarSize: `An avatar may be at most ${avatarMaxBytes / 1024} KB.`,
  endTime: groupFormTexts.endTime,
} as const

/** The fields of the group form: name, public or private, kind (new groups), avatar, event settings. */
export function GroupFormFields({ form }: { readonly form: ActorRefFrom<GroupFormMachine> }) {
  const draft = useSelector(form, selectDraft)
  const problems = useSelector(form, selectFormProblems)
  const isNew = useSelector(form, selectIsNewGroup)
  return (
    <styled.div display="flex" flexDirection="column" gap="4">
      <Field.Root invalid={problems.name !== undefined} required>
        <Field.Label>Group name</Field.Label>
        <Field.Input
          value={draft.name}
          maxLength={groupNameMaxLength}
          onChange={(event) => form.send({ type: 'groupForm.setName', name: event.target.value })}
        />
        <Field.ErrorText>{problems.name && problemTexts[problems.name]}</Field.ErrorText>
      </Field.Root>
      <Switch.Root
        checked={draft.publicGroup}
        onCheckedChange={({ checked }) => form.send({ type: 'groupForm.setPublic', publicGroup: checked })}
      >
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>Public group (anyone can join)</Switch.Label>
        <Switch.HiddenInput />
      </Switch.Root>
      {isNew && (
        <Switch.Root
          checked={draft.type === 'event'}
          onCheckedChange={({ checked }) =>
            form.send({ type: 'groupForm.setType', groupType: checked ? 'event' : 'userGroup' })
          }
        >
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>Event (ends at a set time, may have a prize)</Switch.Label>
          <Switch.HiddenInput />
        </Switch.Root>
      )}
      {draft.type === 'event' && (
        <EventFields form={form} problem={problems.endTime && problemTexts.endTime} />
      )}
      <AvatarPicker
        onPick={(file) => form.send({ type: 'groupForm.pickAvatar', file })}
        problem={problems.avatar && problemTexts[problems.avatar]}
      />
    </styled.div>
  )
}
