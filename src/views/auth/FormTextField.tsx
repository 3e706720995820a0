import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { field as fieldRecipe, input as inputRecipe } from 'styled-system/recipes'
import type { ActorRefFrom } from 'xstate'
import type { FormMachine } from '~/machines/form.machine'
import { selectFieldProblem, selectFieldText } from '~/machines/form.select'

export interface FormTextFieldProps {
  readonly form: ActorRefFrom<FormMachine>
  readonly field: string
  readonly label: string
  readonly type?: 'text' | 'email' | 'password'
  readonly autoComplete?: string
  readonly required?: boolean
  readonly helperText?: string
}

const classes = fieldRecipe()
const inputClass = inputRecipe()

/**
 * A labelled input bound to a form actor: the problem the form shows (on blur, on submit) appears
 * below it and marks it invalid (aria-invalid; the text describes the input). Plain elements on Park
 * UI's `field` and `input` recipes with the attributes Ark's Field gives them: the account screens
 * (the first a guest loads) then need none of Ark's field code.
 */
export function FormTextField({
  form,
  field,
  label,
  type = 'text',
  autoComplete,
  required,
  helperText,
}: FormTextFieldProps) {
  const value = useSelector(form, (snapshot) => selectFieldText(snapshot, field))
  const problem = useSelector(form, (snapshot) => selectFieldProblem(snapshot, field))
  const id = useId()
  const ids = describedIds(id)
  const invalid = problem !== undefined
  const state = { 'data-invalid': invalid ? '' : undefined, 'data-required': required ? '' : undefined }
  return (
    <div className={classes.root} data-invalid={state['data-invalid']}>
      <label className={classes.label} htmlFor={id} {...state}>
        {label}
        {required ? <span aria-hidden="true">*</span> : null}
      </label>
      <input
        id={id}
        className={inputClass}
        name={field}
        type={type}
        autoComplete={autoComplete}
        required={required}
        value={value}
        onChange={(event) => form.send({ type: 'form.change', field, value: event.currentTarget.value })}
        onBlur={() => form.send({ type: 'form.blur', field })}
        aria-invalid={invalid || undefined}
        aria-errormessage={invalid ? ids.errorText : undefined}
        aria-describedby={describedBy(ids, problem, helperText)}
        {...state}
      />
      {invalid ? (
        <span id={ids.errorText} className={classes.errorText} aria-live="polite">
          {problem}
        </span>
      ) : null}
      {/* kept below the problem: the spec's texts say what is wrong, the hint what is right */}
      {helperText ? (
        <span id={ids.helperText} className={classes.helperText}>
          {helperText}
        </span>
      ) : null}
    </div>
  )
}

/** Ids of a field's texts, so the control can name them. */
export const describedIds = (base: string) => ({ errorText: `${base}-error`, helperText: `${base}-help` })

/**
 * The problem, then the helper text, describe the control: aria-errormessage alone is read by few
 * screen readers.
 */
export function describedBy(ids: ReturnType<typeof describedIds>, problem?: string, helperText?: string) {
  const described = [problem !== undefined && ids.errorText, helperText && ids.helperText].filter(Boolean)
  return described.length > 0 ? described.join(' ') : undefined
}
