import type { ServerMessage } from '../../src/api/market'
import { formatDecimal } from '../../src/domain/number-format'
import { authors } from './authors'
import type { Instrument } from './instrument'
import {
  closers,
  companyTemplates,
  generalTemplates,
  headlines,
  linkHosts,
  type Sentiment,
} from './message-templates'
import { hashInts, mix, pick, pickWeighted, uniformOf } from './random'

export interface MessageGeneratorOptions {
  seed: number
  instruments: readonly Instrument[]
  /** mean time between two messages */
  intervalMs: number
  /** absolute URL of an author's avatar */
  avatarUrl(handle: string): string
  /** the title's last price at a moment, for {P} and {T} */
  priceAt(instrument: Instrument, t: number): number
  /** which titles' markets trade at a moment (absent: every market always does) */
  tradingAt?(t: number): (instrument: Instrument) => boolean
}

/**
 * How much a title whose market is shut is talked about, beside its buzz while it trades. Talk follows
 * the markets that move, and a player can only predict on those: with every title at its full buzz, 89 %
 * of a weekend's messages (all but the crypto currencies) and 73 to 85 % of a weekday night's were about
 * shut markets, which nobody can predict on. At a twentieth, about 70 % of a weekend's are open to a
 * prediction, and a shut market still gets the odd preview.
 */
export const shutMarketBuzzShare = 0.05

const sentiments: readonly Sentiment[] = ['bullish', 'bearish', 'neutral']
const messageStream = 7

/** Appends text and records where each title mention lands (UTF-16 indices, as `String.slice` counts). */
class TweetBuilder {
  text = ''
  readonly titles: ServerMessage['titles'] = []
  add(text: string): void {
    this.text += text
  }
  mention(instrument: Instrument, text: string): void {
    const start = this.text.length
    this.text += text
    this.titles.push({ title_id: instrument.id, start_index: start, end_index: this.text.length })
  }
}

/** Slot `slot` covers [slot * interval, (slot + 1) * interval); its message falls somewhere inside. */
export function messageTime(options: MessageGeneratorOptions, slot: number): number {
  const u = uniformOf(hashInts(options.seed, messageStream, slot, 0))
  return slot * options.intervalMs + Math.floor(u * options.intervalMs)
}

/** The slots whose messages are created in (from, to], oldest first. */
export function slotsBetween(options: MessageGeneratorOptions, from: number, to: number): number[] {
  const slots: number[] = []
  const first = Math.floor(from / options.intervalMs)
  for (let slot = first; slot * options.intervalMs <= to; slot += 1) {
    const time = messageTime(options, slot)
    if (time > from && time <= to) slots.push(slot)
  }
  return slots
}

/** The messages created in (from, to], oldest first. */
export function messagesBetween(options: MessageGeneratorOptions, from: number, to: number): ServerMessage[] {
  return slotsBetween(options, from, to).map((slot) => messageForSlot(options, slot))
}

function formatPrice(instrument: Instrument, price: number, decimals = instrument.decimals): string {
  // the kept formatter of these decimals: `toLocaleString` would build one for every price
  const text = formatDecimal(price, decimals)
  return instrument.class === 'share' || instrument.class === 'crypto' || instrument.class === 'commodity'
    ? `$${text}`
    : text
}

function secondTitle(instruments: readonly Instrument[], first: Instrument, u: number): Instrument {
  const peers = instruments.filter(
    (other) =>
      other.id !== first.id &&
      other.class === first.class &&
      (first.sector === undefined || other.sector === first.sector),
  )
  return pick(peers.length > 0 ? peers : instruments.filter((other) => other.id !== first.id), u)
}

/** The message of one slot: a pure function of the seed, the slot and the prices at its time. */
export function messageForSlot(options: MessageGeneratorOptions, slot: number): ServerMessage {
  const h = hashInts(options.seed, messageStream, slot)
  const draw = (k: number) => uniformOf(mix(h, k))
  const time = messageTime(options, slot)
  const author = pick(authors, draw(1))
  const sentiment = pick(sentiments, draw(2))
  const trades = options.tradingAt?.(time)
  const buzzAt = (instrument: Instrument) =>
    trades === undefined || trades(instrument) ? instrument.buzz : instrument.buzz * shutMarketBuzzShare
  const a = pickWeighted(options.instruments, buzzAt, draw(4))
  const wording = generalTemplates[sentiment]
  const template = pick(a.class === 'share' ? [...wording, ...companyTemplates[sentiment]] : wording, draw(3))
  const b = secondTitle(options.instruments, a, draw(5))
  const price = options.priceAt(a, time)
  const percent = `${(1 + draw(6) * 11).toFixed(1)}%`
  const link = `${pick(linkHosts, draw(7))}${a.symbol.toLowerCase()}-${(h >>> 8).toString(36)}`
  const mentionOf = (instrument: Instrument, u: number) => {
    const tagged = instrument.class === 'share' || instrument.class === 'crypto' ? 0.6 : 0.3
    return u < tagged ? `$${instrument.symbol}` : instrument.alias
  }
  const targetMove = sentiment === 'bearish' ? -1 : 1
  const target = Number((price * (1 + targetMove * (0.05 + draw(8) * 0.15))).toPrecision(3))

  const tweet = new TweetBuilder()
  for (const part of template.split(/(\{[A-Z]\})/)) {
    if (part === '{A}') tweet.mention(a, mentionOf(a, draw(9)))
    else if (part === '{B}') tweet.mention(b, mentionOf(b, draw(10)))
    else if (part === '{P}') tweet.add(formatPrice(a, price))
    else if (part === '{T}') tweet.add(formatPrice(a, target, Math.min(a.decimals, 2)))
    else if (part === '{X}') tweet.add(percent)
    else if (part === '{L}') tweet.add(link)
    else tweet.add(part)
  }
  if (!template.includes('{L}') && draw(11) < 0.25) tweet.add(` ${link}`)
  // Emoji only at the end: nothing astral precedes a mention, so UTF-16 and code point indices agree.
  if (draw(12) < 0.3) tweet.add(pick(closers[sentiment], draw(13)))

  const message: ServerMessage = {
    message_id: `${options.seed.toString(36)}-${slot.toString(36)}`,
    twitter_user: {
      profile_image_url: options.avatarUrl(author.handle),
      name: author.name,
      screen_name: author.handle,
    },
    tweet: tweet.text,
    t: Math.floor(time / 1000),
    titles: tweet.titles,
  }
  if (draw(14) < 0.25) {
    message.sub = pick(headlines, draw(15)).replace('{N}', a.alias).replace('{X}', percent)
  }
  return message
}
