import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { Group } from '../api/groups'
import { avatarProblem, groupNameProblem } from '../domain/group-rules'
import { addTitle, removeTitle } from '../domain/title-list'
import { failureOf } from './failure-of'
import { gameNotices, gameTexts } from './game-notices'
import type {
  GroupDraft,
  GroupFormContext,
  GroupFormEvent,
  GroupFormInput,
  SubmitGroupInput,
  UploadAvatarInput,
} from './group-form.types'
import type { Notice } from './notices'
import { statusOf } from './server-error.types'

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

/** The avatar problem a refused upload means (the server's codes), if it was about the file. */
function avatarRefusalOf(error: unknown): Problems['avatar'] {
  const { code } = failureOf(error).failure
  if (code === 'avatar_type') return 'avatar'
  if (code === 'avatar_too_large') return 'avatarSize'
  return undefined
}

/**
 * The negative notice of a failed save: the server's reason when it refused the request (an end time in
 * the past, a prize above the balance), else the group's name.
 */
const saveFailed = ({
  context,
  event,
}: {
  context: GroupFormContext
  event: { readonly error: unknown }
}) => {
  const { error } = event
  const status = statusOf(error) ?? 0
  const reason = status >= 400 && status < 500 ? failureOf(error).failure.message : undefined
  return gameNotices.group('negative', gameTexts.groupSaveFailed, reason ?? context.draft.name.trim())
}

const draftOf = (group: Group | undefined): GroupDraft => ({
  name: group?.name ?? '',
  publicGroup: group?.publicGroup ?? false,
  type: group?.type === 'event' ? 'event' : 'userGroup',
  endTime: group?.endTime ?? undefined,
  extraPrize: group?.extraPrize ?? 0,
  titleRestrictions: group?.titleRestrictions ?? [],
})

/**
 * The create / change group form (spec §2 group overview, §5 group rules): checks the name and the
 * avatar before anything is sent, saves the group, then uploads a picked avatar. The saved group goes
 * to the groups actor (`storeGroup`); success is a notice with the group's name, failure one with the
 * server's reason when it refused (else the name).
 */
export const groupFormMachine = setup({
  types: {} as {
    context: GroupFormContext
    events: GroupFormEvent
    input: GroupFormInput
  },
  actors: {
    saveGroup: fromPromise<Group, SubmitGroupInput>(async () => {
      throw new Error('saveGroup is provided by src/actors')
    }),
    uploadAvatar: fromPromise<Group, UploadAvatarInput>(async () => {
      throw new Error('uploadAvatar is provided by src/actors')
    }),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(problemsOf(context.draft)).length > 0,
    hasAvatar: ({ context }) => context.draft.avatar !== undefined,
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
          case 'groupForm.addTitle':
            return {
              ...context.draft,
              titleRestrictions: addTitle(context.draft.titleRestrictions, event.titleId),
            }
          case 'groupForm.removeTitle':
            return {
              ...context.draft,
              titleRestrictions: removeTitle(context.draft.titleRestrictions, event.titleId),
            }
          case 'groupForm.pickAvatar':
            return { ...context.draft, avatar: event.file }
          default:
            return context.draft
        }
      })()
      // A shown problem goes as soon as it is fixed, or becomes the field's new one (a name with a hidden
      // character, then the default group's name); new ones wait for the next submit (avatars excepted).
      const now = problemsOf(draft)
      const kept = Object.fromEntries(
        Object.keys(context.problems)
          .filter((field) => field in now)
          .map((field) => [field, now[field as keyof Problems]]),
      ) as Problems
      return {
        draft,
        problems: event.type === 'groupForm.pickAvatar' ? { ...kept, avatar: now.avatar } : kept,
      }
    }),
    showProblems: assign({ problems: ({ context }) => problemsOf(context.draft) }),
    /** the server's word on a refused avatar goes beside the field: wrong kind or too large */
    showRefusedAvatar: assign(({ context }, failed: { readonly error: unknown }) => {
      const refused = avatarRefusalOf(failed.error)
      return { problems: refused ? { ...context.problems, avatar: refused } : context.problems }
    }),
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
        'groupForm.addTitle': { actions: 'edit' },
        'groupForm.removeTitle': { actions: 'edit' },
        'groupForm.pickAvatar': { actions: 'edit' },
        'groupForm.submit': [
          { guard: 'hasProblems', actions: 'showProblems' },
          { target: 'submitting', actions: assign({ problems: {} }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'saveGroup',
        input: ({ context }) => ({ groupId: context.group?.id, draft: context.draft }),
        onDone: {
          target: 'savedGroup',
          actions: [
            { type: 'storeGroup', params: ({ event }) => event.output },
            {
              type: 'notify',
              params: ({ context, event }) =>
                gameNotices.group(
                  'info',
                  context.group === undefined ? gameTexts.groupCreated : gameTexts.groupSaved,
                  event.output.name,
                ),
            },
            // from now on the form changes the saved group (a new one is created once)
            assign({ group: ({ event }) => event.output }),
          ],
        },
        onError: { target: 'editing', actions: { type: 'notify', params: saveFailed } },
      },
    },
    savedGroup: {
      always: [{ guard: 'hasAvatar', target: 'uploadingAvatar' }, { target: 'saved' }],
    },
    // The group is saved by now: a refused avatar leaves the form open on it, with the reason beside the
    // field, so sending again changes that group instead of creating a second one.
    uploadingAvatar: {
      invoke: {
        src: 'uploadAvatar',
        input: ({ context }) => ({ groupId: context.group?.id ?? 0, avatar: context.draft.avatar }),
        onDone: { target: 'saved', actions: { type: 'storeGroup', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: [
            { type: 'showRefusedAvatar', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: saveFailed },
          ],
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
