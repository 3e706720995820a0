import type { News } from '../../src/domain/important-messages'
import { newsLinks } from '../auth/links'
import { settingsOf } from '../auth/settings'
import { findUserById } from '../auth/users.repo'
import type { AppContext } from '../context'
import { newsMail } from './templates'

type NewsContext = Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>

/**
 * Settings' "Important messages by e-mail": mails the news to the player if they turned it on and
 * confirmed their address; else does nothing. Called after the change it tells of is committed. A mail
 * that fails is logged: the change stands, and the game shows it anyway. Answers whether a mail went.
 */
export async function mailImportantMessage(ctx: NewsContext, userId: number, news: News): Promise<boolean> {
  try {
    const user = await findUserById(ctx.db, userId)
    if (!user || user.emailConfirmedAt === null) return false
    if (!settingsOf(user).notifications.importantMessages.email) return false
    await ctx.mailer.send(newsMail(user.email, user.username, news, newsLinks(ctx.config, user)))
    return true
  } catch (err) {
    ctx.log.error({ err, userId, subject: news.subject }, 'important message could not be mailed')
    return false
  }
}
