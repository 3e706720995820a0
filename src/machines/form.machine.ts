import { assign, fromPromise, setup } from 'xstate'
import type { FieldProblems, FormRules, FormValues } from '../domain/account-forms'
import { failureOf } from './failure-of'
import type { FormContext, FormEvent, FormInput } from './form.types'

/** The problems of `fields` only. */
const only = (problems: FieldProblems, fields: readonly string[]): FieldProblems =>
  Object.fromEntries(Object.entries(problems).filter(([field]) => fields.includes(field)))

export interface FormOptions {
  readonly id: string
  /** every field at its start */
  readonly values: FormValues
  readonly rules: FormRules
}

/**
 * A form's lifecycle: values, problems shown on blur and on submit (spec §5 texts from `rules`),
 * the submission as the provided `submit` actor, and its failure. One factory, so the sign-up,
 * sign-in, reset and e-mail-link forms behave alike.
 */
export function createFormMachine({ id, values, rules }: FormOptions) {
  return setup({
    types: {} as { context: FormContext; events: FormEvent; input: FormInput | undefined },
    actors: {
      /** sends the values; what it resolves to is kept as `output` */
      submit: fromPromise<unknown, FormValues>(async () => {
        throw new Error(`${id}: submit is provided by src/actors`)
      }),
    },
    guards: {
      isValid: ({ context }) => Object.keys(rules(context.values)).length === 0,
    },
    actions: {
      storeValue: assign(({ context, event }) => {
        if (event.type !== 'form.change') return {}
        const next = { ...context.values, [event.field]: event.value }
        return {
          values: next,
          edited: context.edited.includes(event.field) ? context.edited : [...context.edited, event.field],
          // a shown problem goes as soon as it is fixed; new ones wait for the blur
          shown: only(rules(next), Object.keys(context.shown)),
        }
      }),
      checkField: assign(({ context, event }) => {
        if (event.type !== 'form.blur' || !context.edited.includes(event.field)) return {}
        const { [event.field]: _, ...others } = context.shown
        const problem = rules(context.values)[event.field]
        return { shown: problem ? { ...others, [event.field]: problem } : others }
      }),
      checkAll: assign({ shown: ({ context }) => rules(context.values), failure: undefined }),
      storeOutput: assign((_, done: { readonly output: unknown }) => ({ output: done.output })),
      storeFailure: assign(({ context }, failed: { readonly error: unknown }) => {
        const { failure, fields } = failureOf(failed.error)
        return { failure, shown: { ...context.shown, ...only(fields, Object.keys(context.values)) } }
      }),
      restart: assign(({ context }) => ({
        values: context.start,
        edited: [],
        shown: {},
        failure: undefined,
      })),
    },
  }).createMachine({
    id,
    context: ({ input }) => {
      const start = { ...values, ...input?.values }
      return { start, values: start, edited: [], shown: {} }
    },
    initial: 'editing',
    on: { 'form.reset': { target: '.editing', actions: 'restart' } },
    states: {
      editing: {
        on: {
          'form.change': { actions: 'storeValue' },
          'form.blur': { actions: 'checkField' },
          'form.submit': [
            { guard: 'isValid', target: 'submitting', actions: 'checkAll' },
            { actions: 'checkAll' },
          ],
        },
      },
      submitting: {
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => context.values,
          onDone: {
            target: 'succeeded',
            actions: { type: 'storeOutput', params: ({ event }) => ({ output: event.output }) },
          },
          onError: {
            target: 'editing',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      succeeded: {},
    },
  })
}

export type FormMachine = ReturnType<typeof createFormMachine>
