import type { TaggedMessage } from '../api/predictions'
import { betClosedUntil, tagRefusal } from '../domain/fair-play'
import type { Trend } from '../domain/prediction'
import { gameTexts, tagRefusalText } from './game-notices'
import type { TitleInfo } from './socket.types'

/**
 * The fair-play rules (src/domain/fair-play.ts) over what the client knows: the player's predictions
 * (the tagged-message store), the titles' hours (the title-info store) and the game's time. Undefined
 * when allowed or when the title's hours are unknown: the server stays the judge.
 */

const nameOf = (title: TitleInfo | undefined, titleId: number) => title?.n ?? `#${titleId}`

/** Why a `trend` prediction on the title is refused at `now`, in the player's words. */
export function selectTagRefusalText(
  predictions: readonly TaggedMessage[],
  titles: readonly TitleInfo[],
  titleId: number,
  trend: Trend,
  now: number,
): string | undefined {
  const title = titles.find((known) => known.id === titleId)
  const refusal = tagRefusal({ predictions, titleId, trend, hours: title?.hours, now })
  return refusal && tagRefusalText(refusal, nameOf(title, titleId))
}

/** Why no bet is taken on a poll of the title at `now` (its market is closed), in the player's words. */
export function selectBetClosedText(
  titles: readonly TitleInfo[],
  titleId: number,
  now: number,
): string | undefined {
  const title = titles.find((known) => known.id === titleId)
  const opensAt = betClosedUntil(title?.hours, now)
  return opensAt === undefined ? undefined : gameTexts.marketClosed(nameOf(title, titleId), opensAt)
}
