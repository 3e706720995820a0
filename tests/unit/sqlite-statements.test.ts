import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { committedStatements, connectDatabase, sqlitePartsOf } from '../../server/db/connect'
import type { Db } from '../../server/db/database'
import { StatementCache } from '../../server/db/sqlite-statements'
import { inWriteTransaction } from '../../server/db/write-batch'

describe('the prepared statement cache', () => {
  it('reuses statements per SQL text and keeps working through schema changes', () => {
    const sqlite = new SQLite(':memory:')
    const statements = new StatementCache(sqlite, 2)
    statements.get('create table t (x integer)').run()
    const insert = statements.get('insert into t (x) values (?)')
    expect(statements.get('insert into t (x) values (?)')).toBe(insert)
    insert.run(1)
    statements.get('insert into t (x) values (?)').run(2)
    statements.get('alter table t add column y integer').run()
    expect(statements.get('select count(*) as n from t').get()).toEqual({ n: 2 })
    // the size bound: the insert was dropped, a new statement is made
    expect(statements.get('insert into t (x) values (?)')).not.toBe(insert)
    sqlite.close()
  })

  it("serves Kysely's queries: one statement per query shape, whatever the values", async () => {
    const db = connectDatabase({ dataDir: ':memory:' })
    try {
      await sql`create table items (id integer primary key, item_name text not null)`.execute(db)
      const statements = sqlitePartsOf(db)?.statements as StatementCache
      const prepare = statements.handle.prepare.bind(statements.handle)
      const prepared: string[] = []
      statements.handle.prepare = ((source: string) => {
        prepared.push(source)
        return prepare(source)
      }) as typeof statements.handle.prepare
      const read = (id: number) =>
        sql<{ itemName: string }>`select item_name from items where id = ${id}`.execute(db)
      for (const id of [1, 2, 3]) await read(id)
      expect(prepared).toEqual(['select item_name from items where id = ?'])
    } finally {
      await db.destroy()
    }
  })
})

describe('committed statements (the session read of every request)', () => {
  let db: Db | undefined
  afterEach(async () => {
    await db?.destroy()
    db = undefined
  })

  async function items(): Promise<Db> {
    db = connectDatabase({ dataDir: ':memory:' })
    await sql`create table items (id integer primary key, item_name text not null)`.execute(db)
    await sql`insert into items (item_name) values ('kept')`.execute(db)
    return db
  }
  const namesOf = async (executor: ReturnType<typeof committedStatements>) =>
    (await sql<{ itemName: string }>`select item_name from items order by id`.execute(executor)).rows.map(
      (row) => row.itemName,
    )

  it('run at once while the connection is held but no transaction is open, rows camel-cased', async () => {
    const database = await items()
    let answered: string[] | undefined
    await database.connection().execute(async () => {
      // the connection is held here: a query on the database itself would wait for it
      answered = await namesOf(committedStatements(database))
    })
    expect(answered).toEqual(['kept'])
  })

  it('wait for a group commit under way instead of reading its rows before the COMMIT', async () => {
    const database = await items()
    let read: Promise<string[]> | undefined
    const outcome = inWriteTransaction(database, async (tx) => {
      await sql`insert into items (item_name) values ('new')`.execute(tx)
      read = namesOf(committedStatements(database))
      await new Promise((resolve) => setTimeout(resolve, 20))
      throw new Error('refused')
    })
    await expect(outcome).rejects.toThrow('refused')
    expect(await read).toEqual(['kept'])
  })

  it('are the database itself on PostgreSQL', async () => {
    const { createPostgresDatabase } = await import('../support/databases')
    const created = await createPostgresDatabase()
    const postgres = connectDatabase({ databaseUrl: created.url, dataDir: ':memory:' })
    try {
      expect(committedStatements(postgres)).toBe(postgres)
      expect(sqlitePartsOf(postgres)).toBeUndefined()
    } finally {
      await postgres.destroy()
      await created.drop()
    }
  })

  it('refuse a transaction', async () => {
    const database = await items()
    const committed = committedStatements(database) as Db
    await expect(committed.transaction().execute(async () => 1)).rejects.toThrow('single statements')
  })
})
