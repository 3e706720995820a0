import { assign, setup } from 'xstate'
import {
  emptyPriceBook,
  type PriceBook,
  type PriceTick,
  priceIn,
  pricesIn,
  withTicks,
} from '../domain/latest-price'

export type { LatestPrice, PriceTick } from '../domain/latest-price'

export interface PricesContext {
  /** by title id */
  readonly latest: PriceBook
  /** the titles with a price, ascending: a new list only when a title gets its first price */
  readonly titleIds: readonly number[]
}

export type PricesEvent = { readonly type: 'prices.ticked'; readonly ticks: readonly PriceTick[] }

const withTitle = (titleIds: readonly number[], id: number) =>
  titleIds.includes(id) ? titleIds : [...titleIds, id].sort((a, b) => a - b)

/**
 * Spec §3 "Tick", §4 "Correctness": the latest tick price per title, from the socket's pushes and its
 * subscribe answers. An older tick never replaces a newer one. Market data, not the player's: a logout
 * keeps it.
 */
export const pricesMachine = setup({
  types: {} as { context: PricesContext; events: PricesEvent },
  actions: {
    // a tick copies a bucket of the book, not all the prices; the title list only grows
    storeTicks: assign(({ context, event }) => {
      const latest = withTicks(context.latest, event.ticks)
      if (latest === context.latest) return {}
      const added = event.ticks.filter((tick) => priceIn(context.latest, tick.id) === undefined)
      return { latest, titleIds: added.reduce((ids, tick) => withTitle(ids, tick.id), context.titleIds) }
    }),
  },
}).createMachine({
  id: 'prices',
  context: { latest: emptyPriceBook, titleIds: [] },
  on: { 'prices.ticked': { actions: 'storeTicks' } },
})

export type PricesMachine = typeof pricesMachine

/** Title id -> latest price: what correctness and title scores fall back on. */
export const selectLatestPrices = (context: PricesContext): ReadonlyMap<number, number> =>
  new Map([...pricesIn(context.latest)].map(([id, { price }]) => [id, price]))

/** One title's latest price: a view reads only its own title's, so other ticks do not re-render it. */
export const selectLatestPrice = (context: PricesContext, titleId: number): number | undefined =>
  priceIn(context.latest, titleId)?.price

/** The titles with a tick price, ascending: the live stream keeps only messages of these. */
export const selectPricedTitleIds = (context: PricesContext): readonly number[] => context.titleIds
