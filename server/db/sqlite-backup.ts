import { closeSync, existsSync, fsyncSync, linkSync, openSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'

export type BackupOutcome =
  | { ok: true; bytes: number }
  | { ok: false; refusal: 'no_database' | 'destination_exists' | 'no_folder'; message: string }

/** Forces a file's writes to the disk. */
function syncToDisk(path: string): void {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Forces a folder's new entry to the disk where folders can be synced (not on Windows: skipped). */
function syncFolder(path: string): void {
  try {
    syncToDisk(path)
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw error
  }
}

/**
 * Copies the SQLite database at `source` to the new file `destination` while servers keep writing to
 * it: `VACUUM INTO` reads one snapshot (in WAL mode writers go on meanwhile) into a compact file, which
 * is then checked (`quick_check`), forced to the disk and only then given its name. So the copy is
 * consistent, whole or absent: a failure half-way leaves no file behind, and an existing file, even one
 * made while the copy ran, is never overwritten (a hard link fails where a rename would replace).
 */
export function backUpSqlite(source: string, destination: string): BackupOutcome {
  if (!existsSync(source))
    return { ok: false, refusal: 'no_database', message: `there is no database at ${source}` }
  if (existsSync(destination))
    return {
      ok: false,
      refusal: 'destination_exists',
      message: `${destination} exists: a backup is written to a new file and overwrites nothing`,
    }
  const folder = dirname(destination)
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    return { ok: false, refusal: 'no_folder', message: `there is no folder ${folder}` }

  const partial = `${destination}.partial-${process.pid}`
  try {
    const sqlite = new SQLite(source, { readonly: true, fileMustExist: true })
    try {
      sqlite.prepare('VACUUM INTO ?').run(partial)
    } finally {
      sqlite.close()
    }
    const copy = new SQLite(partial, { readonly: true, fileMustExist: true })
    try {
      const verdict = copy.pragma('quick_check', { simple: true })
      if (verdict !== 'ok') throw new Error(`the copy fails SQLite's quick_check: ${String(verdict)}`)
    } finally {
      copy.close()
    }
    syncToDisk(partial)
    try {
      linkSync(partial, destination)
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error
      return {
        ok: false,
        refusal: 'destination_exists',
        message: `${destination} was made while the backup ran: it is left as it is`,
      }
    }
    syncFolder(folder)
    return { ok: true, bytes: statSync(destination).size }
  } finally {
    rmSync(partial, { force: true })
  }
}
