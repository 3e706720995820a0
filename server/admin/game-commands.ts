import { announcementTextSchema } from '../../src/api/announcements'
import { clearAnnouncements, postAnnouncement } from '../game/announcements'
import { renameGroup } from '../game/rename-group'
import { withOperatorContext } from './operator-context'
import { usageError } from './usage'

/** `rename-group GROUP_ID NEW_NAME`: a group name that follows the rules for one that does not. */
export async function renameGroupCommand(args: string[]): Promise<number> {
  const groupId = Number(args[0])
  if (args.length !== 2 || !Number.isSafeInteger(groupId) || groupId < 1)
    return usageError('rename-group needs a GROUP_ID (a number) and a NEW_NAME')
  const newName = args[1] ?? ''
  return withOperatorContext(async (ctx) => {
    const renamed = await renameGroup(ctx.db, groupId, newName)
    if (renamed.kind === 'no-group') console.error(`no group ${groupId}`)
    else if (renamed.kind === 'invalid') console.error(`${newName}: ${renamed.problem}`)
    if (renamed.kind !== 'renamed') return 2
    console.log(`group ${renamed.groupId} "${renamed.from}" is now "${renamed.to}"`)
    return 0
  })
}

/** `announce TEXT [--hours H]`, `announce --clear`: the line every player sees above the game. */
export async function announceCommand(
  args: string[],
  options: { hours: string | undefined; clear: boolean },
): Promise<number> {
  if (options.clear ? args.length > 0 || options.hours !== undefined : args.length !== 1)
    return usageError('announce needs one TEXT (quoted), or --clear alone')
  const hours = options.hours === undefined ? undefined : Number(options.hours)
  if (hours !== undefined && !(Number.isFinite(hours) && hours > 0 && hours <= 24 * 365)) {
    console.error('--hours must be a number of hours from above 0 to 8760')
    return 2
  }
  // the text to post; none: --clear
  let posting: string | undefined
  if (!options.clear) {
    const text = announcementTextSchema.safeParse(args[0] ?? '')
    if (!text.success) {
      console.error(text.error.issues[0]?.message)
      return 2
    }
    posting = text.data
  }
  return withOperatorContext(async (ctx) => {
    const now = ctx.clock.now()
    if (posting === undefined) {
      const ended = await clearAnnouncements(ctx.db, now)
      console.log(ended === 0 ? 'no announcement was shown' : 'the announcement ended')
      return 0
    }
    const endsAt = hours === undefined ? null : now + Math.round(hours * 3600_000)
    const posted = await postAnnouncement(ctx.db, { text: posting, now, endsAt })
    const until =
      endsAt === null ? 'until the next one or --clear' : `until ${new Date(endsAt).toISOString()}`
    console.log(`announcement ${posted.id} shown ${until}`)
    return 0
  })
}
