import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { FormMachine } from '~/machines/form.machine'
import { selectFieldChecked, selectFieldProblem } from '~/machines/form.select'
import { Checkbox, Field } from '~/views/ui'
import { describedBy, describedIds } from './FormTextField'
import { LegalDialog } from './LegalDialog'

/** Spec §5: sign-up needs the terms agreed; the terms and the imprint open beside the box. */
export function TermsCheckbox({ form }: { readonly form: ActorRefFrom<FormMachine> }) {
  const checked = useSelector(form, (snapshot) => selectFieldChecked(snapshot, 'acceptTerms'))
  const problem = useSelector(form, (snapshot) => selectFieldProblem(snapshot, 'acceptTerms'))
  const ids = describedIds(useId())
  return (
    <Field.Root invalid={problem !== undefined} required ids={ids}>
      <Checkbox.Root
        checked={checked}
        onCheckedChange={({ checked: value }) =>
          form.send({ type: 'form.change', field: 'acceptTerms', value: value === true })
        }
      >
        <Checkbox.Control>
          <Checkbox.Indicator />
        </Checkbox.Control>
        <Checkbox.Label>I agree to the terms and conditions</Checkbox.Label>
        <Checkbox.HiddenInput name="acceptTerms" aria-describedby={describedBy(ids, problem, 'terms')} />
      </Checkbox.Root>
      <Field.HelperText>
        Read the <LegalDialog kind="terms" /> and the <LegalDialog kind="imprint" />.
      </Field.HelperText>
      <Field.ErrorText>{problem}</Field.ErrorText>
    </Field.Root>
  )
}
