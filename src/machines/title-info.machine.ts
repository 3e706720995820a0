import type { Title } from '../api/market'
import type { TitleInfo } from './socket.types'
import { createStoreMachine } from './store.machine'
import type { StoreContext } from './store.types'

/** Spec §3 "Title info": the titles the app knows, in the server's order (the universe). */
export const titleInfoMachine = createStoreMachine<readonly TitleInfo[]>({ id: 'titleInfo', initialData: [] })

export type TitleInfoMachine = typeof titleInfoMachine

export const selectTitles = (context: StoreContext<readonly TitleInfo[]>) => context.data
export const selectTitleName = (context: StoreContext<readonly TitleInfo[]>, titleId: number) =>
  context.data.find((title) => title.id === titleId)?.n

/**
 * The titles are known and this id is not among them (an address with a mistyped `?title=`): no
 * reload can find it, so the panel says so instead of offering a retry.
 */
export const selectIsUnknownTitle = (context: StoreContext<readonly TitleInfo[]>, titleId: number) =>
  context.data.length > 0 && !context.data.some((title) => title.id === titleId)

/** The currency of a title's prices; USD, the spec's default, while the title is unknown. */
export const selectTitleCurrency = (
  context: StoreContext<readonly TitleInfo[]>,
  titleId: number | undefined,
) => context.data.find((title) => title.id === titleId)?.currency ?? 'USD'

/** What the app keeps of a universe title: id, name, currency and its market's hours. */
export const toTitleInfo = ({ id, n, currency, hours }: Title): TitleInfo =>
  hours ? { id, n, currency, hours } : { id, n, currency }

/** The trading hours of a title's market; undefined while unknown. */
export const selectTitleHours = (context: StoreContext<readonly TitleInfo[]>, titleId: number | undefined) =>
  context.data.find((title) => title.id === titleId)?.hours
