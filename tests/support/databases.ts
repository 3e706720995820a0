import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const dialects = ['sqlite', 'postgres'] as const
export type TestDialect = (typeof dialects)[number]

/** The PostgreSQL every developer and CI machine runs (trust auth); PGHOST etc. may point elsewhere. */
export const postgresAdminUrl =
  process.env.ALPHA_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** A fresh, empty PostgreSQL database per suite, so suites run in parallel without seeing each other. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `alpha_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: postgresAdminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(postgresAdminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}
