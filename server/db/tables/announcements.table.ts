import type { Generated, Selectable } from 'kysely'

/** An operator's announcement to every player (migration 0026). */
export interface AnnouncementsTable {
  id: Generated<number>
  text: string
  createdAt: number
  /** when it stops being shown; null: until a newer one or a clear */
  endsAt: number | null
}

export type AnnouncementRow = Selectable<AnnouncementsTable>
