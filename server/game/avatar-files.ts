import { randomBytes } from 'node:crypto'
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'

export type AvatarImage =
  | { type: 'image/png'; extension: 'png' }
  | { type: 'image/jpeg'; extension: 'jpg' }
  | {
      type: 'image/gif'
      extension: 'gif'
    }

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const jpeg = Buffer.from([0xff, 0xd8, 0xff])
const gif87 = Buffer.from('GIF87a', 'latin1')
const gif89 = Buffer.from('GIF89a', 'latin1')

/**
 * What the bytes are, by their signature (magic bytes): the file name and the declared content type are
 * the uploader's word and prove nothing. Anything but PNG, JPEG or GIF is undefined.
 */
export function avatarImageOf(bytes: Buffer): AvatarImage | undefined {
  const startsWith = (signature: Buffer) =>
    bytes.length > signature.length && bytes.subarray(0, signature.length).equals(signature)
  if (startsWith(png)) return { type: 'image/png', extension: 'png' }
  if (startsWith(jpeg)) return { type: 'image/jpeg', extension: 'jpg' }
  if (startsWith(gif87) || startsWith(gif89)) return { type: 'image/gif', extension: 'gif' }
  return undefined
}

const contentTypes: Record<string, AvatarImage['type']> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
}

export function avatarContentType(file: string): AvatarImage['type'] | undefined {
  return contentTypes[file.slice(file.lastIndexOf('.') + 1)]
}

export const avatarDir = (dataDir: string) => join(dataDir, 'avatars')

/** Stores the image under a random name (no part of it comes from the uploader) and returns the name. */
export async function storeAvatar(dataDir: string, bytes: Buffer, image: AvatarImage): Promise<string> {
  const dir = avatarDir(dataDir)
  await mkdir(dir, { recursive: true })
  const file = `${randomBytes(16).toString('hex')}.${image.extension}`
  await writeFile(join(dir, file), bytes, { flag: 'wx' })
  return file
}

/** The stored bytes, or undefined when there is no such file. `file` must match avatarFileParamsSchema. */
export async function readAvatar(dataDir: string, file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(join(avatarDir(dataDir), file))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** Deletes files no group refers to any more; a file that cannot be removed is logged, not fatal. */
export async function removeAvatars(
  dataDir: string,
  files: readonly (string | null)[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const file of files) {
    if (!file) continue
    await unlink(join(avatarDir(dataDir), file)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') log.warn({ err, file }, 'avatar file not removed')
    })
  }
}
