import { type ReactNode, useEffect, useRef, useState } from 'react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import type { FormMachine } from '~/machines/form.machine'
import { selectShowsProblems } from '~/machines/form.select'

/**
 * A form whose submission is its machine's `form.submit`: the browser's own validation is off (the
 * machine shows the spec's texts on the fields), and the accessible name labels the form landmark. A
 * submission the machine refused moves the focus to the first field it marked, as the browser's own
 * validation would: a keyboard or screen-reader user lands on what needs fixing.
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
  const element = useRef<HTMLFormElement>(null)
  const [refusals, setRefusals] = useState(0)
  // after the render that marked the fields (a new refusal is the trigger)
  useEffect(() => {
    if (refusals > 0) element.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusals])
  return (
    <styled.form
      ref={element}
      aria-label={label}
      noValidate
      display="flex"
      flexDirection="column"
      gap="4"
      onSubmit={(event) => {
        event.preventDefault()
        form.send({ type: 'form.submit' })
        if (selectShowsProblems(form.getSnapshot())) setRefusals((count) => count + 1)
      }}
    >
      {children}
    </styled.form>
  )
}
