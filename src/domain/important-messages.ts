import { trophyKindOf, trophyLabels } from './account-summary'
import { formatTtc } from './number-format'

/**
 * Settings' "Important messages: news about your account and the game": what such a message says. The
 * server mails it to a player who turned it on (server/mail/important-messages.ts).
 */
export interface News {
  readonly subject: string
  readonly lines: readonly string[]
  /** the app's page the news is about (the mail's button, a click on the notification) @default '/' */
  readonly path?: string
}

/**
 * Which channels carry a piece of news to a player, from what they asked for (one kind's e-mail and
 * push switches): a mail only to a confirmed address, a push to their subscribed browsers.
 */
export function newsChannels(
  wanted: { readonly email: boolean; readonly push: boolean },
  emailConfirmed: boolean,
): { readonly mail: boolean; readonly push: boolean } {
  return { mail: wanted.email && emailConfirmed, push: wanted.push }
}

const places = ['first', 'second', 'third'] as const

/** A trophy of a finished week (the weekly trophies job: ranks 1 to 3), its week named by its Monday. */
export function trophyNews(won: {
  readonly rank: number
  readonly groupName: string
  /** the week's Monday as words, e.g. `Monday, November 23` */
  readonly weekLabel: string
  /** TTC won that week */
  readonly points: number
}): News {
  const kind = trophyKindOf(won.rank)
  if (!kind) throw new RangeError(`rank ${won.rank} wins no trophy`)
  const label = trophyLabels[kind]
  return {
    subject: `You won ${label} in ${won.groupName}`,
    lines: [
      `You finished the week of ${won.weekLabel} in ${places[won.rank - 1]} place in ${won.groupName}, with ${formatTtc(
        won.points,
      )} won.`,
      `Your ${label} trophy is on your profile now.`,
    ],
  }
}

/** A friend signed up with one of the player's invitations (into the group it was made for, if any). */
export function friendJoinedNews(joined: {
  readonly friend: string
  readonly groupName: string | null
}): News {
  return {
    subject: `${joined.friend} joined Alpha with your invitation`,
    lines: [
      joined.groupName === null
        ? `${joined.friend} signed up with your invitation.`
        : `${joined.friend} signed up with your invitation and plays in ${joined.groupName} with you.`,
    ],
  }
}

/** What an admin's change to a group did to a player, as far as the player hears of it. */
export type GroupNewsAbout = 'invited' | 'madeAdmin' | 'removed' | 'deleted'

/** Groups rank play and hold none of it: a player who loses one keeps everything they played. */
const playKept = 'Your predictions, bets and TTC are not affected.'

/** What a new admin may do now. */
const adminPowers = "You can invite and remove members and change the group's settings under Groups."

/**
 * An admin's change to a group, told to a player it concerns: invited (they join or decline under
 * Groups), made an admin, taken off the members, or the group deleted.
 */
export function groupNews(
  about: GroupNewsAbout,
  change: { readonly admin: string; readonly groupName: string },
): News {
  const { admin, groupName } = change
  const path = '/groups'
  switch (about) {
    case 'invited':
      return {
        subject: `${admin} invited you to ${groupName}`,
        lines: [
          `${admin} invited you to play in ${groupName}.`,
          'Open Groups in Alpha to join the group or decline.',
        ],
        path,
      }
    case 'madeAdmin':
      return {
        subject: `${admin} made you an admin of ${groupName}`,
        lines: [`${admin} made you an admin of ${groupName}.`, adminPowers],
        path,
      }
    case 'removed':
      return {
        subject: `${admin} removed you from ${groupName}`,
        lines: [`${admin} removed you from the members of ${groupName}.`, playKept],
        path,
      }
    case 'deleted':
      return {
        subject: `${admin} deleted ${groupName}`,
        lines: [`${admin} deleted the group ${groupName}, so it is gone from your groups.`, playKept],
        path,
      }
  }
}

/**
 * The group's last admin deleted their account and the group passed to the player, its longest-standing
 * active member: it would otherwise have nobody to run it.
 */
export function groupHandedOverNews(group: { readonly groupName: string }): News {
  return {
    subject: `You are now the admin of ${group.groupName}`,
    lines: [
      `The last admin of ${group.groupName} left Alpha, and as its longest-standing member you are its admin now.`,
      adminPowers,
    ],
    path: '/groups',
  }
}

/** An event ended with the player first in its ranking: its extra prize is theirs. */
export function eventPrizeWonNews(prize: { readonly groupName: string; readonly ttc: number }): News {
  return {
    subject: `You won the prize of ${prize.groupName}`,
    lines: [
      `You finished ${prize.groupName} in first place and won its extra prize of ${formatTtc(prize.ttc)}.`,
      'It is in your balance now.',
    ],
  }
}

/** An event the player made ended with nobody ranked: its extra prize went back to them. */
export function eventPrizeReturnedNews(prize: { readonly groupName: string; readonly ttc: number }): News {
  return {
    subject: `The prize of ${prize.groupName} went back to you`,
    lines: [
      `${prize.groupName} ended with nobody in its ranking, so nobody won its extra prize.`,
      `Its ${formatTtc(prize.ttc)} are back in your balance.`,
    ],
  }
}

/** The operator gave the player TTC (`npm run admin -- grant`), and why. */
export function operatorGrantNews(grant: { readonly ttc: number; readonly reason: string }): News {
  return {
    subject: `You received ${formatTtc(grant.ttc)} from Alpha`,
    lines: [
      `The operator of the game gave you ${formatTtc(grant.ttc)}: ${grant.reason}`,
      'It is in your balance now.',
    ],
  }
}
