import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** Paths the SPA never owns: a miss there is an API 404, not the app's index page. */
function isServerPath(url: string): boolean {
  return url.startsWith('/v1/') || url === '/v1' || url.startsWith('/socket.io')
}

/**
 * Serves the built SPA; any other GET that wants HTML gets index.html so client-side routes survive a
 * reload (history fallback). Returns the not-found handler to use for everything else.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string) {
  const hasBuild = existsSync(join(staticDir, 'index.html'))
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: ['index.html'],
      // the build writes .br and .gz beside its text files (scripts/precompress.ts): a browser gets the
      // app's JS at about a quarter of its size, compressed once at build time, not per request
      preCompressed: true,
      // Hashed assets never change; index.html, the service worker (/sw.js: its update check) and
      // the web app manifest must be revalidated so a deploy reaches everyone.
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  } else {
    app.log.warn({ staticDir }, 'no built SPA found: run `npm run build` (npm start does)')
  }
  return function spaFallback(request: FastifyRequest, reply: FastifyReply): boolean {
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')
    if (!hasBuild || !wantsHtml || isServerPath(request.url)) return false
    reply.header('cache-control', 'no-cache').sendFile('index.html')
    return true
  }
}
