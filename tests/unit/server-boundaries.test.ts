import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name))
}

const read = (file: string) => readFileSync(join(root, file), 'utf8')

/** The modules a file imports (static `from '…'` and dynamic `import('…')`), as written. */
function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].map(
    (match) => match[1] as string,
  )
}

describe('server boundaries', () => {
  it('keeps HTTP to the routes: nothing under server but server/http and the app that wires them imports server/http', () => {
    // the game, the accounts and the market refuse with server/refusal.ts; the routes map it to statuses
    const offenders = sourcesUnder('server')
      .filter((file) => !file.startsWith(join('server', 'http')) && file !== join('server', 'app.ts'))
      .flatMap((file) =>
        importsOf(read(file))
          .filter((module) => /(^|\/)http(\/|$)/.test(module))
          .map((module) => `${file} imports ${module}`),
      )
    expect(offenders).toEqual([])
  })

  it('finds an import of server/http when there is one (the scan itself works)', () => {
    const lines = "import { AppError } from '../http/app-error'\nconst m = await import('../http/session')"
    expect(importsOf(lines)).toEqual(['../http/app-error', '../http/session'])
  })

  it('changes balances and writes ledger rows only in server/game/ledger.ts (its one posting function)', () => {
    const writes = [
      /insertInto\(\s*['"]ledger['"]/,
      /updateTable\(\s*['"]wallets['"]/,
      /insert\s+into\s+ledger\b/i,
      /update\s+wallets\b/i,
    ]
    const offenders = sourcesUnder('server')
      .filter((file) => !file.startsWith(join('server', 'db', 'migrations')))
      .filter((file) => relative('server', file) !== join('game', 'ledger.ts'))
      .filter((file) => writes.some((pattern) => pattern.test(read(file))))
    expect(offenders).toEqual([])
  })

  it('changes written ledger rows only in server/game/ledger-seal.ts (their chain hashes) and settlement records only in settlements.ts', () => {
    const rules = [
      {
        owner: join('game', 'ledger-seal.ts'),
        writes: [/updateTable\(\s*['"]ledger['"]/, /update\s+ledger\b/i],
      },
      {
        owner: join('game', 'settlements.ts'),
        writes: [
          /(insertInto|updateTable)\(\s*['"]settlements['"]/,
          /(insert\s+into|update)\s+settlements\b/i,
        ],
      },
    ]
    const offenders = sourcesUnder('server')
      .filter((file) => !file.startsWith(join('server', 'db', 'migrations')))
      .flatMap((file) =>
        rules
          .filter((rule) => relative('server', file) !== rule.owner)
          .filter((rule) => rule.writes.some((pattern) => pattern.test(read(file))))
          .map((rule) => `${file} writes what ${rule.owner} owns`),
      )
    expect(offenders).toEqual([])
  })
})
