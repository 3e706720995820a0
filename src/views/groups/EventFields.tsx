import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { GroupFormMachine } from '~/machines/group-form.machine'
import { selectDraft, selectIsNewGroup } from '~/machines/group-form.machine'
import { Field } from '~/views/ui'
import { EventTitles } from './EventTitles'
import { fromLocalInput, toLocalInput } from './local-date-input'

/**
 * An event's end time, its titles and, when creating, the extra prize its creator pays to the best
 * player.
 */
export function EventFields({
  form,
  problem,
}: {
  readonly form: ActorRefFrom<GroupFormMachine>
  readonly problem?: string
}) {
  const draft = useSelector(form, selectDraft)
  const isNew = useSelector(form, selectIsNewGroup)
  return (
    <>
      <Field.Root invalid={problem !== undefined} required>
        <Field.Label>Event ends at</Field.Label>
        <Field.Input
          type="datetime-local"
          value={draft.endTime === undefined ? '' : toLocalInput(draft.endTime)}
          onChange={(event) =>
            form.send({ type: 'groupForm.setEndTime', endTime: fromLocalInput(event.target.value) })
          }
        />
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
      <EventTitles form={form} />
      {isNew && (
        <Field.Root>
          <Field.Label>Extra prize (TTC, paid by you)</Field.Label>
          <Field.Input
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            value={String(draft.extraPrize)}
            onChange={(event) =>
              form.send({ type: 'groupForm.setExtraPrize', extraPrize: Number(event.target.value) || 0 })
            }
          />
        </Field.Root>
      )}
    </>
  )
}
