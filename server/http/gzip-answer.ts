import { constants, crc32, deflateRawSync } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import type { StateBody } from '../game/state-body'

/**
 * The state's answers are compressed once per answer built, which under load is nearly every state
 * call: level 2 takes about 130 µs for a 55 KB answer where the default (6) takes about 340 µs, for an
 * answer 12 % larger (6.9 KB instead of 6.1 KB).
 */
export const answerGzipLevel = 2

/**
 * Whether `Accept-Encoding` takes gzip: it names `gzip` (or `*`) without `q=0` (RFC 9110 §12.5.3; an
 * explicit `gzip` weighs over `*`).
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  let star: boolean | undefined
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const accepted = q === undefined || Number(q.slice(2)) > 0
    if (name.trim() === 'gzip') return accepted
    if (name.trim() === '*') star = accepted
  }
  return star ?? false
}

/** A head's deflate blocks, ending on a byte boundary and not final, and its CRC-32. */
interface DeflatedHead {
  blocks: Buffer
  crc: number
}

/**
 * Made once per head object, kept exactly as long as the head is (WeakMaps): a head is shared by
 * every answer built on one shared part, an answer is sent to its caller again while nothing changed.
 */
const deflatedHeads = new WeakMap<Buffer, DeflatedHead>()
const gzipped = new WeakMap<StateBody, Buffer>()

/** RFC 1952: gzip magic, deflate, no flags, no time, no extra flags, OS unknown. */
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255])

function deflatedHead(head: Buffer): DeflatedHead {
  let done = deflatedHeads.get(head)
  if (!done) {
    // A sync flush ends the blocks on a byte boundary without a final block: the tail's blocks follow.
    const blocks = deflateRawSync(head, { level: answerGzipLevel, finishFlush: constants.Z_SYNC_FLUSH })
    done = { blocks, crc: crc32(head) }
    deflatedHeads.set(head, done)
  }
  return done
}

/**
 * A state answer as one gzip member, made once per answer object: its head is compressed once for all
 * the answers that share it, and only the caller's tail per answer (a third of the bytes or less), the
 * two streams of deflate blocks joined into one.
 *
 * On the event loop, on purpose: a tail takes tens of microseconds at level 2 and a head about a
 * hundred (once per shared part), where zlib's asynchronous path (a stream and a trip to the thread
 * pool per call) cost about 160 µs of CPU for a 2 KB tail against 20 µs for the same work in line.
 */
export function gzipOnce(body: StateBody): Buffer {
  let done = gzipped.get(body)
  if (!done) {
    const { head, tail } = body
    const first = deflatedHead(head)
    const rest = deflateRawSync(tail, { level: answerGzipLevel })
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(crc32(tail, first.crc), 0)
    trailer.writeUInt32LE((head.length + tail.length) % 2 ** 32, 4)
    done = Buffer.concat([gzipHeader, first.blocks, rest, trailer])
    gzipped.set(body, done)
  }
  return done
}

/** Answers this long or longer are compressed: below it the saving does not pay for the work. */
export const compressFromBytes = 1024

/**
 * Answers up to this size are compressed in line (zlib's synchronous calls) instead of through a stream
 * and the thread pool. @fastify/compress's own ceiling on two cores is 8 KB, under the untagged list (16
 * to 30 KB); the stream's fixed cost is about 150 µs of CPU per answer, more than gzipping 16 KB of JSON
 * in line (65 µs at the default level), and 64 KB in line stays well under a millisecond.
 */
export const compressInLineUpToBytes = 64 * 1024

/**
 * Compresses every route's answer of a compressible type (JSON above all) from 1 KB on, with brotli
 * (quality 4) or gzip as the client's Accept-Encoding prefers, per request (@fastify/compress).
 *
 * Register it after the SPA's static files and before the API routes: it acts on the routes registered
 * after it. The static files are compressed once at build time (.br and .gz beside each, served by
 * @fastify/static's `preCompressed`), and an answer that already says Content-Encoding (those, and the
 * state's cached gzip, `gzipOnce`) is passed through untouched. Compressed request bodies are not
 * accepted (`globalDecompression: false`): no client sends one.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: compressFromBytes,
    syncThreshold: compressInLineUpToBytes,
  })
}
