import { assign, setup } from 'xstate'

/** A title's last price (`l` of its newest tick) and when that tick was. */
export interface LatestPrice {
  readonly price: number
  /** epoch ms */
  readonly at: number
}

export interface PricesContext {
  /** by title id */
  readonly latest: Readonly<Record<string, LatestPrice>>
}

/** A tick as far as prices go: the pushed tick's `t`, the subscribe answer's `tl`. */
export interface PriceTick {
  readonly id: number
  readonly l: number
  readonly t: number
}

export type PricesEvent = { readonly type: 'prices.ticked'; readonly ticks: readonly PriceTick[] }

/**
 * Spec §3 "Tick", §4 "Correctness": the latest tick price per title, from the socket's pushes and its
 * subscribe answers. An older tick never replaces a newer one. Market data, not the player's: a logout
 * keeps it.
 */
export const pricesMachine = setup({
  types: {} as { context: PricesContext; events: PricesEvent },
  actions: {
    storeTicks: assign({
      latest: ({ context, event }) => {
        const latest = { ...context.latest }
        for (const tick of event.ticks) {
          const known = latest[tick.id]
          if (!known || known.at <= tick.t) latest[tick.id] = { price: tick.l, at: tick.t }
        }
        return latest
      },
    }),
  },
}).createMachine({
  id: 'prices',
  context: { latest: {} },
  on: { 'prices.ticked': { actions: 'storeTicks' } },
})

export type PricesMachine = typeof pricesMachine

/** Title id -> latest price: what correctness and title scores fall back on. */
export const selectLatestPrices = (context: PricesContext): ReadonlyMap<number, number> =>
  new Map(Object.entries(context.latest).map(([id, { price }]) => [Number(id), price]))

/** The titles with a tick price, ascending: the live stream keeps only messages of these. */
export const selectPricedTitleIds = (context: PricesContext): number[] =>
  Object.keys(context.latest)
    .map(Number)
    .sort((a, b) => a - b)
