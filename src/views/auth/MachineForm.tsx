import type { ReactNode } from 'react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import type { FormMachine } from '~/machines/form.machine'

/**
 * A form whose submission is its machine's `form.submit`: the browser's own validation is off (the
 * machine shows the spec's texts on the fields), and the accessible name labels the form landmark.
 */
export function MachineForm({
  form,
  label,
  children,
}: {
  readonly form: ActorRefFrom<FormMachine>
  readonly label: string
  readonly children: ReactNode
}) {
  return (
    <styled.form
      aria-label={label}
      noValidate
      display="flex"
      flexDirection="column"
      gap="4"
      onSubmit={(event) => {
        event.preventDefault()
        form.send({ type: 'form.submit' })
      }}
    >
      {children}
    </styled.form>
  )
}
