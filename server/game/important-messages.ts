import { type News, newsChannels } from '../../src/domain/important-messages'
import { newsLinks } from '../auth/links'
import { settingsOf } from '../auth/settings'
import { isSuspended } from '../auth/suspension'
import { findUserById } from '../auth/users.repo'
import type { AppContext } from '../context'
import { newsMail } from '../mail/templates'
import { pushNews } from '../push/push-news'

type NewsContext = Pick<AppContext, 'db' | 'config' | 'mailer' | 'log' | 'metrics'>

/** Which of the player's channels carried the news. */
export interface Told {
  readonly mailed: boolean
  /** push services that took it (one per subscribed browser) */
  readonly pushed: number
}

/**
 * Settings' "Important messages": mails the news to the player if they turned e-mail on and confirmed
 * their address, and pushes it to their subscribed browsers if they turned push on. Called after the
 * change it tells of is committed; a suspended player is told nothing. A channel that fails is logged:
 * the change stands, and the game shows it anyway.
 */
export async function tellImportantMessage(ctx: NewsContext, userId: number, news: News): Promise<Told> {
  const user = await findUserById(ctx.db, userId).catch((err) => {
    ctx.log.error({ err, userId, subject: news.subject }, 'important message: player not read')
  })
  // a suspended player hears nothing from the game (their browsers went with their sessions)
  if (!user || isSuspended(user)) return { mailed: false, pushed: 0 }
  const channels = newsChannels(
    settingsOf(user).notifications.importantMessages,
    user.emailConfirmedAt !== null,
  )
  // each channel on its own: a mail server that is down stops no push, and the other way round
  const [mailed, pushed] = await Promise.all([
    channels.mail
      ? ctx.mailer
          .send(newsMail(user.email, user.username, news, newsLinks(ctx.config, user, news.path)))
          .then(
            () => true,
            (err) => {
              ctx.log.error({ err, userId, subject: news.subject }, 'important message could not be mailed')
              return false
            },
          )
      : false,
    channels.push ? pushNews(ctx, userId, news) : 0,
  ])
  return { mailed, pushed }
}
