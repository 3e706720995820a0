import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import type { FormMachine } from '~/machines/form.machine'
import { Button, Text } from '~/views/ui'

/** A Settings form once the server took it: what happened, and a way to start the form again empty. */
export function FormDone({
  form,
  text,
  again,
}: {
  readonly form: ActorRefFrom<FormMachine>
  readonly text: string
  /** the button that starts the form again */
  readonly again: string
}) {
  return (
    <styled.div role="status" display="flex" flexDirection="column" alignItems="flex-start" gap="3">
      <Text>{text}</Text>
      <Button type="button" variant="outline" onClick={() => form.send({ type: 'form.reset' })}>
        {again}
      </Button>
    </styled.div>
  )
}
