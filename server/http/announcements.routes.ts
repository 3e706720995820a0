import type { FastifyPluginAsync } from 'fastify'
import { type Announcement, currentAnnouncementSchema } from '../../src/api/announcements'
import type { AppContext } from '../context'
import { currentAnnouncement } from '../game/announcements'
import { VersionedCache } from '../game/versioned-cache'

/**
 * Every open page asks once a minute, guests too: each process reads the database at most once per
 * `announcementFreshMs` for all of them. An announcement shows within that time of being posted or
 * cleared, and goes at its end time on the game clock.
 */
export const announcementFreshMs = 3000

/** `GET /v1/announcement`: the operator's current announcement for the banner above the game. */
export const announcementsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cache = new VersionedCache<Announcement | null>(announcementFreshMs, 1)
  app.get('/v1/announcement', { schema: { response: { 200: currentAnnouncementSchema } } }, async () => {
    const now = ctx.clock.now()
    const announcement = await cache.get('current', '', now, async () => {
      const current = await currentAnnouncement(ctx.db, now)
      return { value: current, validUntil: current?.endsAt ?? undefined }
    })
    return { announcement }
  })
}
