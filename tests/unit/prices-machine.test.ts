import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { emptyPriceBook, priceIn, pricesIn, withTicks } from '../../src/domain/latest-price'
import { pricesMachine, selectLatestPrice, selectPricedTitleIds } from '../../src/machines/prices.machine'

describe('the latest prices (spec §3 Tick) at 200 ticks a second', () => {
  it('keeps the newest tick per title, in one copy per event', () => {
    const prices = createActor(pricesMachine).start()
    prices.send({
      type: 'prices.ticked',
      ticks: [
        { id: 1000031, l: 10, t: 5 },
        { id: 2494, l: 20, t: 5 },
        { id: 1000031, l: 11, t: 6 },
        { id: 2494, l: 19, t: 4 },
      ],
    })
    const { context } = prices.getSnapshot()
    expect(selectLatestPrice(context, 1000031)).toBe(11)
    expect(selectLatestPrice(context, 2494)).toBe(20)
    expect(selectLatestPrice(context, 7)).toBeUndefined()
    expect(selectPricedTitleIds(context)).toEqual([2494, 1000031])
  })

  it('keeps the previous close a tick brings, and the known one when a tick brings none', () => {
    let book = withTicks(emptyPriceBook, [{ id: 3, l: 10, t: 1, pc: 9.5 }])
    expect(priceIn(book, 3)).toEqual({ price: 10, at: 1, previousClose: 9.5 })
    book = withTicks(book, [{ id: 3, l: 11, t: 2 }])
    expect(priceIn(book, 3)).toEqual({ price: 11, at: 2, previousClose: 9.5 })
    book = withTicks(book, [{ id: 3, l: 12, t: 3, pc: 11 }])
    expect(priceIn(book, 3)?.previousClose).toBe(11)
    expect(priceIn(withTicks(emptyPriceBook, [{ id: 4, l: 1, t: 1 }]), 4)).toEqual({ price: 1, at: 1 })
  })

  it('changes nothing for older ticks, and lists the titles anew only when one gets its first price', () => {
    const prices = createActor(pricesMachine).start()
    prices.send({ type: 'prices.ticked', ticks: [{ id: 3, l: 1, t: 9 }] })
    const first = prices.getSnapshot().context
    prices.send({ type: 'prices.ticked', ticks: [{ id: 3, l: 2, t: 8 }] })
    expect(prices.getSnapshot().context.latest).toBe(first.latest)

    prices.send({ type: 'prices.ticked', ticks: [{ id: 3, l: 3, t: 9 }] })
    const ticked = prices.getSnapshot().context
    // a tick as new as the known one replaces it; the title list stays the same list
    expect(selectLatestPrice(ticked, 3)).toBe(3)
    expect(ticked.latest).not.toBe(first.latest)
    expect(priceIn(first.latest, 3)?.price).toBe(1)
    expect(selectPricedTitleIds(ticked)).toBe(selectPricedTitleIds(first))

    prices.send({ type: 'prices.ticked', ticks: [{ id: 1, l: 5, t: 1 }] })
    expect(selectPricedTitleIds(prices.getSnapshot().context)).toEqual([1, 3])
  })
})

describe('the price book: a tick copies a small part of the prices, never all of them', () => {
  it("shares every bucket but the ticked title's with the book before", () => {
    const ids = Array.from({ length: 120 }, (_, index) => 2494 + index * 977)
    const book = withTicks(
      emptyPriceBook,
      ids.map((id) => ({ id, l: 1, t: 1 })),
    )
    expect([...pricesIn(book)]).toHaveLength(120)
    const ticked = withTicks(book, [{ id: ids[7] as number, l: 2, t: 2 }])
    expect(priceIn(ticked, ids[7] as number)).toEqual({ price: 2, at: 2 })
    expect(priceIn(book, ids[7] as number)).toEqual({ price: 1, at: 1 })
    const changed = ticked.buckets.filter((bucket, index) => bucket !== book.buckets[index])
    expect(changed).toHaveLength(1)
    expect(changed[0]?.size).toBeLessThan(10)
    // nothing newer: the same book
    expect(withTicks(ticked, [{ id: ids[7] as number, l: 3, t: 1 }])).toBe(ticked)
  })
})
