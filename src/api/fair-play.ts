import type { Trend } from '../domain/prediction'

/**
 * The server's refusals of the fair-play rules (src/domain/fair-play.ts): 409 with these codes, since the
 * request is valid but conflicts with the game's state now (the same tag is accepted once the market
 * opens or the running prediction is judged). Times are ISO 8601 in the game's time zone; the client
 * words its own warnings (src/machines/game-notices.ts) from the same rules before anything is sent.
 */
export const fairPlayCodes = {
  oppositePrediction: 'opposite_prediction',
  marketClosed: 'market_closed',
} as const

export function oppositePredictionText(titleName: string, runningTrend: Trend, judgedAtIso: string): string {
  return `Warning: Your ${runningTrend} prediction on ${titleName} runs until it is judged at ${judgedAtIso}; until then you cannot predict the opposite.`
}

export function marketClosedText(titleName: string, opensAtIso: string): string {
  return `Warning: The market of ${titleName} is closed. It opens at ${opensAtIso}.`
}
