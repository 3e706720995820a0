import webpush from 'web-push'
import type { PushPayload } from '../../src/api/push'
import type { News } from '../../src/domain/important-messages'
import type { AppContext } from '../context'
import type { PushSubscriptionRow } from '../db/tables/push-subscriptions.table'
import { isAllowedPushEndpoint } from './push-endpoints'
import { forgetPushEndpoint, pushSubscriptionsOf } from './push-subscriptions.repo'
import { vapidKeysFrom } from './vapid'

type PushContext = Pick<AppContext, 'db' | 'config' | 'log' | 'metrics'>

/** A push service that does not answer within this holds no job longer. */
const pushTimeoutMs = 10_000
/** How long a push service keeps a message for a browser that is off: news of the day, not older. */
const pushTtlSeconds = 24 * 3600

/** What the service worker shows for the news: its subject as the title, its lines as the text. */
export function newsPayload(news: News): PushPayload {
  return { title: news.subject, body: news.lines.join(' '), url: news.path ?? '/', tag: news.subject }
}

/** `mailto:` and the address of MAIL_FROM: whom a push service contacts about our messages (VAPID `sub`). */
function vapidSubject(mailFrom: string): string {
  return `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom}`
}

/**
 * Pushes the news to every browser the player subscribed (encrypted for each, signed with the server's
 * VAPID key). A browser the push service no longer knows (404, 410) is forgotten; any other failure is
 * logged and the rest still get theirs; nothing throws. Answers how many push services took the message.
 */
export async function pushNews(ctx: PushContext, userId: number, news: News): Promise<number> {
  const subscriptions = await pushSubscriptionsOf(ctx.db, userId).catch((err) => {
    ctx.log.error({ err, userId }, 'push subscriptions could not be read')
    return []
  })
  const payload = newsPayload(news)
  let delivered = 0
  for (const subscription of subscriptions) {
    try {
      const sent = await pushTo(ctx, subscription, payload)
      ctx.metrics.pushMessages.inc({ result: sent ? 'sent' : 'gone' })
      if (sent) delivered += 1
    } catch (err) {
      ctx.metrics.pushMessages.inc({ result: 'failed' })
      ctx.log.warn({ err, userId, subject: news.subject }, 'push notification could not be sent')
    }
  }
  return delivered
}

async function pushTo(ctx: PushContext, subscription: PushSubscriptionRow, payload: PushPayload) {
  // the allowed origins may have narrowed since the browser subscribed
  if (!isAllowedPushEndpoint(subscription.endpoint, ctx.config.pushEndpointOrigins)) {
    await forgetPushEndpoint(ctx.db, subscription.endpoint)
    return false
  }
  const keys = vapidKeysFrom(ctx.config.secret)
  // web-push encrypts and signs; the request goes out with fetch, which has a timeout and no redirects
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      TTL: pushTtlSeconds,
      vapidDetails: { subject: vapidSubject(ctx.config.mailFrom), ...keys },
    },
  )
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body === null ? null : new Uint8Array(request.body),
    redirect: 'error',
    signal: AbortSignal.timeout(pushTimeoutMs),
  })
  await response.body?.cancel()
  if (response.status === 404 || response.status === 410) {
    await forgetPushEndpoint(ctx.db, subscription.endpoint)
    return false
  }
  if (!response.ok) throw new Error(`push service answered ${response.status}`)
  return true
}
