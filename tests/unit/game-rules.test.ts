import { describe, expect, it } from 'vitest'
import { groupTexts } from '~/api/groups'
import { overBalanceText, pollTexts } from '~/api/polls'
import { alreadyPredictedText } from '~/api/predictions'
import { toHundredths } from '~/domain/currency'
import {
  addToLiveStream,
  type LiveStreamMessage,
  maxLiveStreamMessages,
  secureAvatarUrl,
  toLiveStream,
  toLiveStreamMessage,
} from '~/domain/live-stream'
import { hasOpenPoll, keptPolls, maxKeptPolls } from '~/domain/poll-list'
import {
  filterPredictions,
  predictionKey,
  recentPredictions,
  storedPredictionMaxAgeMs,
} from '~/domain/prediction'
import { parseWager, quickAmounts, quickAmountWager, wagerProblem } from '~/domain/wager'
import { gameNotices, gameTexts } from '~/machines/game-notices'
import { day, hour, pollAt, serverMessage, taggedMessage } from '../support/game-fixtures'

describe('game texts', () => {
  it('are the server’s where both show them', () => {
    expect(gameTexts.validationTitle).toBe(pollTexts.validationTitle)
    expect(gameTexts.wagerMissing).toBe(pollTexts.wagerMissing)
    expect(gameTexts.wagerNotANumber).toBe(pollTexts.wagerNotANumber)
    expect(gameTexts.wagerNotPositive).toBe(pollTexts.wagerNotPositive)
    expect(gameTexts.wagerDecimals).toBe(pollTexts.wagerDecimals)
    expect(gameTexts.alreadyBet).toBe(pollTexts.alreadyPlaced)
    expect(gameTexts.alreadyPredicted).toBe(alreadyPredictedText)
    expect(gameTexts.groupNeedsAdmin).toBe(groupTexts.needsAdmin)
    for (const balance of [0, 0.5, 42.5, 1234.56]) {
      expect(gameTexts.overBalance(balance)).toBe(overBalanceText(toHundredths(balance)))
    }
  })

  it('title wager problems "Validation Error" (spec §5)', () => {
    expect(gameNotices.invalidWager('missing', 10)).toEqual({
      kind: 'negative',
      message: 'Validation Error',
      caption: 'You must set your wager...',
    })
    expect(gameNotices.invalidWager('overBalance', 42.5).caption).toBe(
      "You don't have so much money... (Max 42.50)",
    )
  })
})

describe('wagers', () => {
  it('must be set, a number, above 0, of two decimals at most, and within the balance', () => {
    expect(wagerProblem(undefined, 10)).toBe('missing')
    expect(wagerProblem(null, 10)).toBe('missing')
    expect(wagerProblem('  ', 10)).toBe('missing')
    expect(wagerProblem('ten', 10)).toBe('notANumber')
    expect(wagerProblem('0', 10)).toBe('notPositive')
    expect(wagerProblem(-1, 10)).toBe('notPositive')
    expect(wagerProblem('1.005', 10)).toBe('decimals')
    expect(wagerProblem('10.01', 10)).toBe('overBalance')
    expect(wagerProblem('10', 10)).toBeUndefined()
    expect(wagerProblem(0.01, 10)).toBeUndefined()
    expect(parseWager(' 2.5 ')).toBe(2.5)
    expect(parseWager('')).toBeUndefined()
  })

  it('refuses amounts that round to no hundredth as the server does: more than 0 is not enough', () => {
    expect(wagerProblem('0.000000001', 10)).toBe('notPositive')
    expect(wagerProblem(5e-324, 10)).toBe('notPositive')
    expect(wagerProblem('0.004', 10)).toBe('decimals')
    // above what the game takes at all: above any balance, whatever the one given
    expect(wagerProblem(1e21, 1e22)).toBe('overBalance')
  })

  it('takes a decimal comma, but no thousands comma and no other notation', () => {
    expect(parseWager('1,5')).toBe(1.5)
    expect(parseWager('12,50')).toBe(12.5)
    expect(wagerProblem('1,555', 10)).toBe('notANumber')
    expect(wagerProblem('1,000', 2000)).toBe('notANumber')
    expect(wagerProblem('1.000,50', 2000)).toBe('notANumber')
    for (const notation of ['1e2', '0x10', 'Infinity', '1 000', '+5', '5.', '.'])
      expect(wagerProblem(notation, 1000), notation).toBe(notation === '5.' ? undefined : 'notANumber')
    expect(parseWager('.5')).toBe(0.5)
    expect(wagerProblem('-5', 10)).toBe('notPositive')
  })

  it('fill the field with a quick amount, or the whole balance down to the hundredth for Max', () => {
    expect(quickAmounts.map((amount) => quickAmountWager(amount, 42.5))).toEqual([
      '10.00',
      '25.00',
      '50.00',
      '42.50',
    ])
    // 0.29 * 100 is 28.999…: Max still asks for all of it, and never more
    expect(quickAmountWager('max', 0.29)).toBe('0.29')
    expect(wagerProblem(quickAmountWager('max', 0.29), 0.29)).toBeUndefined()
    expect(quickAmountWager('max', 0)).toBe('0.00')
  })
})

describe('the poll list', () => {
  it('keeps the newest 50 by end time of known titles, each in its phase at the clock', () => {
    const polls = Array.from({ length: 60 }, (_, i) => pollAt(i + 1, i % 2 === 0 ? 1 : 2, i * hour))
    const kept = keptPolls(polls, [1, 2], 59 * hour + 1)
    expect(kept).toHaveLength(maxKeptPolls)
    expect(kept[0]?.pollId).toBe(60)
    expect(kept.at(-1)?.pollId).toBe(11)
    expect(kept.slice(0, 4).map((poll) => poll.phase)).toEqual(['open', 'open', 'closed', 'closed'])
    expect(kept.at(-1)?.phase).toBe('evaluated')

    const onlyApple = keptPolls(polls, [1], 0)
    expect(onlyApple.every((poll) => poll.titleId === 1)).toBe(true)
    expect(onlyApple).toHaveLength(30)
    expect(keptPolls(polls, [], 0)).toEqual([])
  })

  it('says whether a poll takes bets', () => {
    const poll = pollAt(1, 1, 0)
    expect(hasOpenPoll([poll], 2 * hour - 1)).toBe(true)
    expect(hasOpenPoll([poll], 2 * hour)).toBe(false)
  })
})

describe('stored predictions', () => {
  it('keep the last 7 days by createdAt', () => {
    const now = 30 * day
    const kept = recentPredictions(
      [
        taggedMessage('old', { createdAt: now - storedPredictionMaxAgeMs - 1 }),
        taggedMessage('edge', { createdAt: now - storedPredictionMaxAgeMs }),
        taggedMessage('new', { createdAt: now }),
      ],
      now,
    )
    expect(kept.map((message) => message.messageId)).toEqual(['edge', 'new'])
  })

  it('are keyed userId_titleId_messageId and filtered by status', () => {
    expect(predictionKey(taggedMessage('m1'))).toBe('5_1_m1')
    const running = taggedMessage('r')
    const completed = taggedMessage('c', { evalPrice: 101, evaluatedAt: 3 * hour })
    expect(filterPredictions([running, completed], 'all')).toEqual([running, completed])
    expect(filterPredictions([running, completed], 'running')).toEqual([running])
    expect(filterPredictions([running, completed], 'completed')).toEqual([completed])
  })
})

describe('live stream messages', () => {
  const env = { titleIds: [1, 2, 3], pricedTitleIds: [1, 2], taggedMessageIds: ['tagged'] }

  it('are built from server messages (spec §3)', () => {
    expect(toLiveStreamMessage(serverMessage('m1', { sub: 'Headline' }), env)).toEqual({
      kept: {
        id: 'm1',
        avatarUrl: 'https://pbs.example/ann.png',
        name: 'Ann',
        username: '@ann',
        date: 1_700_000_000_000,
        text: '$AAPL and $TSLA up',
        tweetContent: 'Headline',
        mainTitleId: 1,
        titles: [
          { titleId: 2, startIndex: 10, endIndex: 15 },
          { titleId: 1, startIndex: 0, endIndex: 5 },
        ],
      },
    })
  })

  it('are kept when any of their known titles has a tick price, not only the main title', () => {
    // title 3 comes first in the list but has no price; title 1 has one
    const titles = [
      { title_id: 3, start_index: 0, end_index: 1 },
      { title_id: 1, start_index: 2, end_index: 3 },
    ]
    const mapped = toLiveStreamMessage(serverMessage('m1', { titles }), { ...env, titleIds: [3, 2, 1] })
    expect('kept' in mapped && mapped.kept.mainTitleId).toBe(3)
  })

  it('take as main title the one earliest in the known-title list', () => {
    const mapped = toLiveStreamMessage(serverMessage('m1'), { ...env, titleIds: [3, 2, 1] })
    expect('kept' in mapped && mapped.kept.mainTitleId).toBe(2)
  })

  it('skip messages without author, titles, a known title, or a tick (reported), and tagged ones', () => {
    const reasons = [
      serverMessage('a', { twitter_user: null }),
      serverMessage('b', { titles: [] }),
      serverMessage('c', { titles: [{ title_id: 9, start_index: 0, end_index: 1 }] }),
      serverMessage('tagged'),
      serverMessage('d', { titles: [{ title_id: 3, start_index: 0, end_index: 1 }] }),
    ].map((message) => toLiveStreamMessage(message, env))
    expect(reasons).toEqual([
      { skipped: 'noUser' },
      { skipped: 'noTitles' },
      { skipped: 'noKnownTitle' },
      { skipped: 'tagged' },
      { skipped: 'noTick', missing: { messageId: 'd', titleId: 3 } },
    ])
  })

  it('come newest first, once each, with the missed ticks', () => {
    const stream = toLiveStream(
      [
        serverMessage('old', { t: 1 }),
        serverMessage('new', { t: 3 }),
        serverMessage('old', { t: 1 }),
        serverMessage('d', { titles: [{ title_id: 3, start_index: 0, end_index: 1 }] }),
      ],
      env,
    )
    expect(stream.messages.map((message) => message.id)).toEqual(['new', 'old'])
    expect(stream.missingTicks).toEqual([{ messageId: 'd', titleId: 3 }])
  })

  const mapped = (id: string, t: number) => {
    const result = toLiveStreamMessage(serverMessage(id, { t }), env)
    if (!('kept' in result)) throw new Error('skipped')
    return result.kept
  }
  /** a stream of `length` messages, newest first: m{length-1} (t = length - 1) down to m0 (t = 0) */
  const streamOf = (length: number) =>
    Array.from({ length }, (_, i) => mapped(`m${length - 1 - i}`, length - 1 - i))
  const ids = (stream: readonly { id: string }[]) => stream.map((message) => message.id)

  it('keep pushes in front, at most 200', () => {
    const stream = addToLiveStream(streamOf(maxLiveStreamMessages), mapped('push', 10_000))
    expect(stream).toHaveLength(maxLiveStreamMessages)
    expect(stream[0]?.id).toBe('push')
    expect(stream.some((message) => message.id === 'm0')).toBe(false)
  })

  it('put a push that is not the newest in its place, before the messages as old as it', () => {
    expect(ids(addToLiveStream(streamOf(4), mapped('late', 1)))).toEqual(['m3', 'm2', 'late', 'm1', 'm0'])
    expect(ids(addToLiveStream(streamOf(3), mapped('oldest', -5)))).toEqual(['m2', 'm1', 'm0', 'oldest'])
    expect(ids(addToLiveStream([], mapped('first', 1)))).toEqual(['first'])
    // older than all of a full stream: it does not get in
    const full = streamOf(maxLiveStreamMessages)
    expect(ids(addToLiveStream(full, mapped('oldest', -5)))).toEqual(ids(full))
    expect(ids(addToLiveStream(full, mapped('tie', 0)))).toEqual([...ids(full).slice(0, -1), 'tie'])
  })

  it('replace a known id with the pushed copy, in the copy’s place', () => {
    expect(ids(addToLiveStream(streamOf(4), mapped('m1', 9)))).toEqual(['m1', 'm3', 'm2', 'm0'])
    expect(ids(addToLiveStream(streamOf(4), mapped('m3', 0)))).toEqual(['m2', 'm1', 'm3', 'm0'])
    const full = streamOf(maxLiveStreamMessages)
    const replaced = addToLiveStream(full, mapped('m0', 500))
    expect(ids(replaced)).toEqual(['m0', ...ids(full).slice(0, -1)])
  })

  it('are what sorting the whole stream gave, for any push into a newest-first stream', () => {
    const sorted = (stream: readonly LiveStreamMessage[], message: LiveStreamMessage) =>
      [message, ...stream.filter((known) => known.id !== message.id)]
        .sort((a, b) => b.date - a.date)
        .slice(0, maxLiveStreamMessages)
    let seed = 7
    const random = (below: number) => {
      seed = (seed * 16_807) % 2_147_483_647
      return seed % below
    }
    let stream: LiveStreamMessage[] = []
    for (let i = 0; i < 1500; i += 1) {
      // mostly the newest; sometimes late, a repeat of a known id, or a tie
      const t = random(4) === 0 ? random(i + 1) : i
      const push = mapped(random(5) === 0 ? `m${random(i + 1)}` : `m${i}`, t)
      const next = addToLiveStream(stream, push)
      expect(ids(next)).toEqual(ids(sorted(stream, push)))
      stream = next
    }
    expect(stream).toHaveLength(maxLiveStreamMessages)
  })

  it('get https avatars, except from a local development server', () => {
    expect(secureAvatarUrl('http://pbs.example/a.png')).toBe('https://pbs.example/a.png')
    expect(secureAvatarUrl('https://pbs.example/a.png')).toBe('https://pbs.example/a.png')
    expect(secureAvatarUrl('http://localhost:3000/v1/market/avatars/ann.svg')).toBe(
      'http://localhost:3000/v1/market/avatars/ann.svg',
    )
    expect(secureAvatarUrl('http://127.0.0.1:3000/a.svg')).toBe('http://127.0.0.1:3000/a.svg')
    expect(secureAvatarUrl('http://[::1]:3000/a.svg')).toBe('http://[::1]:3000/a.svg')
    expect(secureAvatarUrl('/v1/market/avatars/ann.svg')).toBe('/v1/market/avatars/ann.svg')
  })
})
