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

/** An admin invited the player into a group: they join or decline it under Groups. */
export function groupInvitationNews(invitation: {
  readonly inviter: string
  readonly groupName: string
}): News {
  return {
    subject: `${invitation.inviter} invited you to ${invitation.groupName}`,
    lines: [
      `${invitation.inviter} invited you to play in ${invitation.groupName}.`,
      'Open Groups in Alpha to join the group or decline.',
    ],
    path: '/groups',
  }
}
