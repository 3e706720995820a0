import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '~/api/client'
import type { SocialProvider } from '~/api/oauth'
import { passwordResetMachine, signUpMachine } from '~/machines/account-forms.machine'
import type { FormMachine } from '~/machines/form.machine'
import {
  selectFailure,
  selectFieldProblem,
  selectFieldText,
  selectOutput,
  selectSubmitting,
  selectSucceeded,
} from '~/machines/form.select'
import type { FormValues } from '~/machines/form.types'
import { selectSocialProviders, socialProvidersMachine } from '~/machines/social-providers.machine'

interface Pending {
  readonly values: FormValues
  resolve(value: unknown): void
  reject(error: unknown): void
}

function start(machine: FormMachine, values?: FormValues) {
  const submissions: Pending[] = []
  const actor = createActor(
    machine.provide({
      actors: {
        submit: fromPromise<unknown, FormValues>(
          ({ input }) =>
            new Promise((resolve, reject) => submissions.push({ values: input, resolve, reject })),
        ),
      },
    }),
    { input: { values } },
  ).start()
  const type = (field: string, value: string | boolean) => actor.send({ type: 'form.change', field, value })
  const problem = (field: string) => selectFieldProblem(actor.getSnapshot(), field)
  return { actor, submissions, type, problem }
}

const fill = (type: (field: string, value: string | boolean) => void) => {
  type('invitationCode', 'ABCDEFGHJKMNPQRSTVWXYZ01')
  type('email', 'new@example.test')
  type('username', 'new_player')
  type('password', 'a good password')
  type('acceptTerms', true)
}

describe('a form machine', () => {
  it('starts with its values and the input over them', () => {
    const { actor } = start(signUpMachine, { invitationCode: 'CODE' })
    expect(selectFieldText(actor.getSnapshot(), 'invitationCode')).toBe('CODE')
    expect(selectFieldText(actor.getSnapshot(), 'email')).toBe('')
  })

  it('shows a problem on blur only for a field the player typed in', () => {
    const { actor, type, problem } = start(signUpMachine)
    actor.send({ type: 'form.blur', field: 'email' })
    expect(problem('email')).toBeUndefined()
    type('email', 'nope')
    expect(problem('email')).toBeUndefined()
    actor.send({ type: 'form.blur', field: 'email' })
    expect(problem('email')).toBe('Please enter a valid email address')
  })

  it('clears a shown problem as soon as the field is fixed', () => {
    const { actor, type, problem } = start(signUpMachine)
    type('email', 'nope')
    actor.send({ type: 'form.blur', field: 'email' })
    type('email', 'a@b.test')
    expect(problem('email')).toBeUndefined()
  })

  it('shows every problem on submit and sends nothing', () => {
    const { actor, submissions, problem } = start(signUpMachine)
    actor.send({ type: 'form.submit' })
    expect(submissions).toHaveLength(0)
    expect(problem('invitationCode')).toBe('Please enter a valid invitation code')
    expect(problem('username')).toBe('Please enter a valid username')
    expect(problem('password')).toBe('Please enter a valid password')
    expect(problem('acceptTerms')).toBeDefined()
    expect(problem('firstName')).toBeUndefined()
  })

  it('sends the values when all are fine and keeps the answer', async () => {
    const { actor, submissions, type } = start(signUpMachine)
    fill(type)
    actor.send({ type: 'form.submit' })
    expect(selectSubmitting(actor.getSnapshot())).toBe(true)
    expect(submissions[0]?.values).toMatchObject({ username: 'new_player', acceptTerms: true })
    submissions[0]?.resolve({ id: 9 })
    await waitFor(actor, selectSucceeded)
    expect(selectOutput(actor.getSnapshot())).toEqual({ id: 9 })
  })

  it("keeps the server's reason and puts its field texts on the fields", async () => {
    const { actor, submissions, type, problem } = start(signUpMachine)
    fill(type)
    actor.send({ type: 'form.submit' })
    submissions[0]?.reject(
      new ApiError(409, 'username_taken', 'This username is already taken.', {
        username: 'This username is already taken.',
        unknownField: 'ignored',
      }),
    )
    await waitFor(actor, (snapshot) => snapshot.matches('editing'))
    expect(selectFailure(actor.getSnapshot())).toEqual({
      code: 'username_taken',
      message: 'This username is already taken.',
    })
    expect(problem('username')).toBe('This username is already taken.')
    expect(problem('unknownField')).toBeUndefined()
    // trying again clears the failure
    actor.send({ type: 'form.submit' })
    expect(selectFailure(actor.getSnapshot())).toBeUndefined()
  })

  it('ignores edits while sending', () => {
    const { actor, type } = start(signUpMachine)
    fill(type)
    actor.send({ type: 'form.submit' })
    type('username', 'other')
    expect(selectFieldText(actor.getSnapshot(), 'username')).toBe('new_player')
  })

  it('goes back to its start values on reset', () => {
    const { actor, type, problem } = start(passwordResetMachine, { userId: '7' })
    type('password', 'short')
    actor.send({ type: 'form.submit' })
    actor.send({ type: 'form.reset' })
    expect(selectFieldText(actor.getSnapshot(), 'password')).toBe('')
    expect(selectFieldText(actor.getSnapshot(), 'userId')).toBe('7')
    expect(problem('password')).toBeUndefined()
  })

  it('checks the confirmation against the password (spec §5 reset)', () => {
    const { actor, type, problem, submissions } = start(passwordResetMachine)
    type('password', 'a good password')
    type('confirmation', 'another password')
    actor.send({ type: 'form.submit' })
    expect(problem('confirmation')).toBe('New password and confirmation password do not match')
    type('confirmation', 'a good password')
    expect(problem('confirmation')).toBeUndefined()
    actor.send({ type: 'form.submit' })
    expect(submissions).toHaveLength(1)
  })
})

describe('the social providers loader', () => {
  it('holds the providers the server lists', async () => {
    const actor = createActor(
      socialProvidersMachine.provide({
        actors: { loadProviders: fromPromise<readonly SocialProvider[]>(async () => ['google', 'discord']) },
      }),
    ).start()
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'))
    expect(selectSocialProviders(actor.getSnapshot())).toEqual(['google', 'discord'])
  })

  it('holds none when the call fails', async () => {
    const actor = createActor(
      socialProvidersMachine.provide({
        actors: {
          loadProviders: fromPromise<readonly SocialProvider[]>(async () => {
            throw new Error('down')
          }),
        },
      }),
    ).start()
    await waitFor(actor, (snapshot) => snapshot.matches('failed'))
    expect(selectSocialProviders(actor.getSnapshot())).toEqual([])
  })
})
