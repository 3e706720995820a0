import { formatDecimal, formatPercent } from './number-format'
import { type Interval, skillMinimumJudged } from './skill'

/** An interval of shares as percent: `48.8–80.8%`. */
export function intervalText(interval: Interval): string {
  return `${formatPercent(interval.low).replace('%', '')}–${formatPercent(interval.high)}`
}

/** A p-value as read: three decimals, or `< 0.001` below that. */
export function pValueText(pValue: number): string {
  return pValue < 0.001 ? '< 0.001' : formatDecimal(pValue, 3)
}

/** What the skill verdict says about a record that has not shown skill (yet). */
export function skillVerdictText(skill: { judged: number; skillShown: boolean }): string {
  if (skill.skillShown) return 'Skill shown'
  if (skill.judged < skillMinimumJudged)
    return `Too few judged calls to tell skill from luck (${skill.judged} of ${skillMinimumJudged})`
  return 'Not yet distinguishable from luck'
}

/** The relative score against the crowd, signed: `+0.12`; a dash with nothing judged. */
export function relativeScoreText(score: number | null): string {
  return score === null ? '–' : formatDecimal(score, 2, true)
}

/** An author's badge: their signal score as a whole percent, `62%`. */
export function signalScoreText(score: number): string {
  return `${Math.round(score * 100)}%`
}

/** What a badge or a row says in full to a screen reader or a tooltip. */
export function signalScoreDescription(entry: {
  author: string
  score: number
  interval: Interval
  judged: number
}): string {
  const messages =
    entry.judged === 1 ? '1 message judged' : `${entry.judged.toLocaleString('en-US')} messages judged`
  // it starts with the badge's visible text, so a voice user can say what they see (WCAG 2.5.3)
  return `Signal ${signalScoreText(entry.score)}: the signal score of @${entry.author} (95% interval ${intervalText(entry.interval)}), ${messages}`
}

/** A message's outcome as its author's page shows it. */
export const verdictTexts = {
  right: 'Crowd proved right',
  wrong: 'Crowd proved wrong',
  undecided: 'No majority judged yet',
} as const
