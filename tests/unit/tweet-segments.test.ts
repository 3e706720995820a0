import { describe, expect, it } from 'vitest'
import { splitTweet } from '../../src/domain/tweet-segments'

const join = (segments: ReturnType<typeof splitTweet>) => segments.map((segment) => segment.text).join('')

describe('splitTweet (spec §3: title mentions by start and end index)', () => {
  it('cuts the text at the mentions, in text order whatever the list order', () => {
    const text = '$AAPL and $TSLA up'
    const segments = splitTweet(text, [
      { titleId: 2, startIndex: 10, endIndex: 15 },
      { titleId: 1, startIndex: 0, endIndex: 5 },
    ])
    expect(segments).toEqual([
      { kind: 'title', text: '$AAPL', start: 0, titleId: 1 },
      { kind: 'text', text: ' and ', start: 5 },
      { kind: 'title', text: '$TSLA', start: 10, titleId: 2 },
      { kind: 'text', text: ' up', start: 15 },
    ])
  })

  it('gives the whole text as one plain segment without mentions, and nothing for an empty text', () => {
    expect(splitTweet('no tickers', [])).toEqual([{ kind: 'text', text: 'no tickers', start: 0 }])
    expect(splitTweet('', [])).toEqual([])
  })

  it('handles a mention at the very end', () => {
    expect(splitTweet('buy $AAPL', [{ titleId: 1, startIndex: 4, endIndex: 9 }])).toEqual([
      { kind: 'text', text: 'buy ', start: 0 },
      { kind: 'title', text: '$AAPL', start: 4, titleId: 1 },
    ])
  })

  it('leaves mentions that are empty, out of the text or overlapping as plain text, keeping the text whole', () => {
    const text = 'Apple Inc rises'
    const segments = splitTweet(text, [
      { titleId: 1, startIndex: 0, endIndex: 9 },
      { titleId: 2, startIndex: 6, endIndex: 9 }, // inside the first
      { titleId: 3, startIndex: 12, endIndex: 40 }, // past the end
      { titleId: 4, startIndex: 5, endIndex: 5 }, // empty
      { titleId: 5, startIndex: -1, endIndex: 2 },
    ])
    expect(segments.filter((segment) => segment.kind === 'title').map((segment) => segment.text)).toEqual([
      'Apple Inc',
    ])
    expect(join(segments)).toBe(text)
  })

  it('prefers the longer of two mentions starting at the same index', () => {
    const segments = splitTweet('Tesla Motors', [
      { titleId: 1, startIndex: 0, endIndex: 5 },
      { titleId: 2, startIndex: 0, endIndex: 12 },
    ])
    expect(segments).toEqual([{ kind: 'title', text: 'Tesla Motors', start: 0, titleId: 2 }])
  })

  it("links web addresses (http and https only), a sentence's closing mark left outside", () => {
    const text =
      'Chart: https://charts.example.net/doge-5j5zp. $DOGE up, see http://x.test/a?b=1) or javascript:alert(1)'
    const segments = splitTweet(text, [{ titleId: 7, startIndex: 46, endIndex: 51 }])
    expect(join(segments)).toBe(text)
    expect(segments.filter((segment) => segment.kind === 'link')).toEqual([
      {
        kind: 'link',
        text: 'https://charts.example.net/doge-5j5zp',
        start: 7,
        href: 'https://charts.example.net/doge-5j5zp',
      },
      { kind: 'link', text: 'http://x.test/a?b=1', start: 60, href: 'http://x.test/a?b=1' },
    ])
    expect(segments.find((segment) => segment.kind === 'title')).toEqual({
      kind: 'title',
      text: '$DOGE',
      start: 46,
      titleId: 7,
    })
    for (const segment of segments)
      expect(text.slice(segment.start, segment.start + segment.text.length)).toBe(segment.text)
  })
})
