import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { Group } from '../api/groups'
import { avatarProblem, groupNameProblem } from '../domain/group-rules'
import { gameNotices, gameTexts } from './game-notices'
import type {
  GroupDraft,
  GroupFormContext,
  GroupFormEvent,
  GroupFormInput,
  SubmitGroupInput,
} from './group-form.types'
import type { Notice } from './notices'

type Problems = GroupFormContext['problems']

/** Spec §5: the group name and the avatar; our rule: an event needs its end. */
function problemsOf(draft: GroupDraft): Problems {
  const problems: { -readonly [K in keyof Problems]: Problems[K] } = {}
  const name = groupNameProblem(draft.name)
  const avatar = avatarProblem(draft.avatar)
  if (name) problems.name = name
  if (avatar) problems.avatar = avatar
  if (draft.type === 'event' && draft.endTime === undefined) problems.endTime = 'endTime'
  return problems
}

const draftOf = (group: Group | undefined): GroupDraft => ({
  name: group?.name ?? '',
  publicGroup: group?.publicGroup ?? false,
  type: group?.type === 'event' ? 'event' : 'userGroup',
  endTime: group?.endTime ?? undefined,
  extraPrize: group?.extraPrize ?? 0,
})

/**
 * The create / change group form (spec §2 group overview, §5 group rules): checks the name and the
 * avatar before anything is sent, saves the group, then uploads a picked avatar. The saved group goes
 * to the groups actor (`storeGroup`); success and failure are notices with the group's name.
 */
export const groupFormMachine = setup({
  types: {} as {
    context: GroupFormContext
    events: GroupFormEvent
    input: GroupFormInput
  },
  actors: {
    submitGroup: fromPromise<Group, SubmitGroupInput>(async () => {
      throw new Error('submitGroup is provided by src/actors')
    }),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(problemsOf(context.draft)).length > 0,
    isNew: ({ context }) => context.group === undefined,
  },
  actions: {
    edit: assign(({ context, event }) => {
      const draft = ((): GroupDraft => {
        switch (event.type) {
          case 'groupForm.setName':
            return { ...context.draft, name: event.name }
          case 'groupForm.setPublic':
            return { ...context.draft, publicGroup: event.publicGroup }
          case 'groupForm.setType':
            return { ...context.draft, type: event.groupType }
          case 'groupForm.setEndTime':
            return { ...context.draft, endTime: event.endTime }
          case 'groupForm.setExtraPrize':
            return { ...context.draft, extraPrize: event.extraPrize }
          case 'groupForm.pickAvatar':
            return { ...context.draft, avatar: event.file }
          default:
            return context.draft
        }
      })()
      // a shown problem goes as soon as it is fixed; new ones wait for the next submit (avatars excepted)
      const now = problemsOf(draft)
      const kept = Object.fromEntries(
        Object.entries(context.problems).filter(([field]) => field in now),
      ) as Problems
      return {
        draft,
        problems: event.type === 'groupForm.pickAvatar' ? { ...kept, avatar: now.avatar } : kept,
      }
    }),
    showProblems: assign({ problems: ({ context }) => problemsOf(context.draft) }),
    storeGroup: (_, _group: Group) => {},
    notify: (_, _notice: Notice) => {},
  },
}).createMachine({
  id: 'groupForm',
  context: ({ input }) => ({ group: input.group, draft: draftOf(input.group), problems: {} }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'groupForm.setName': { actions: 'edit' },
        'groupForm.setPublic': { actions: 'edit' },
        'groupForm.setType': { actions: 'edit' },
        'groupForm.setEndTime': { actions: 'edit' },
        'groupForm.setExtraPrize': { actions: 'edit' },
        'groupForm.pickAvatar': { actions: 'edit' },
        'groupForm.submit': [
          { guard: 'hasProblems', actions: 'showProblems' },
          { target: 'submitting', actions: assign({ problems: {} }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'submitGroup',
        input: ({ context }) => ({ groupId: context.group?.id, draft: context.draft }),
        onDone: [
          {
            guard: 'isNew',
            target: 'saved',
            actions: [
              { type: 'storeGroup', params: ({ event }) => event.output },
              {
                type: 'notify',
                params: ({ event }) => gameNotices.group('info', gameTexts.groupCreated, event.output.name),
              },
            ],
          },
          {
            target: 'saved',
            actions: [
              { type: 'storeGroup', params: ({ event }) => event.output },
              {
                type: 'notify',
                params: ({ event }) => gameNotices.group('info', gameTexts.groupSaved, event.output.name),
              },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: {
            type: 'notify',
            params: ({ context }) =>
              gameNotices.group('negative', gameTexts.groupSaveFailed, context.draft.name.trim()),
          },
        },
      },
    },
    saved: { type: 'final' },
  },
})

export type GroupFormMachine = typeof groupFormMachine
type Snapshot = SnapshotFrom<GroupFormMachine>

export const selectDraft = (snapshot: Snapshot) => snapshot.context.draft
export const selectFormProblems = (snapshot: Snapshot) => snapshot.context.problems
export const selectIsNewGroup = (snapshot: Snapshot) => snapshot.context.group === undefined
export const selectSubmitting = (snapshot: Snapshot) => snapshot.matches('submitting')
export const selectSaved = (snapshot: Snapshot) => snapshot.status === 'done'
