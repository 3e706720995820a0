import type { Title } from '../../../src/api/market'

/** Where a title is named in a text, as `String.slice` counts (UTF-16 code units). */
export interface Span {
  start: number
  end: number
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** Letters and digits: a mention is not part of a longer word ('$AAPL' is not in '$AAPLX'). */
const wordEdge = (pattern: string, flags = 'giu') =>
  new RegExp(`(?<![\\p{L}\\p{N}$])${pattern}(?![\\p{L}\\p{N}])`, flags)

/**
 * How a text may name a title, most specific first: a cashtag of one of its codes, its short name, its
 * name (these regardless of case), a code as a word (only in its own case: 'META' but not 'meta').
 */
function patternsOf(title: Title, alias: string | undefined): RegExp[] {
  const codes = title.c.filter((code) => /^[A-Za-z0-9.]{1,12}$/.test(code))
  const names = [alias, title.n].filter((name): name is string => !!name && name.trim().length > 1)
  return [
    ...codes.map((code) => wordEdge(`\\$${escapeRegExp(code)}`)),
    ...names.map((name) => wordEdge(escapeRegExp(name.trim()))),
    ...codes.filter((code) => code.length > 1).map((code) => wordEdge(escapeRegExp(code), 'gu')),
  ]
}

const overlaps = (a: Span, taken: readonly Span[]) => taken.some((b) => a.start < b.end && b.start < a.end)

/** The first place `text` names `title` that no other mention holds yet; undefined if it names it nowhere. */
export function locateMention(
  text: string,
  title: Title,
  alias: string | undefined,
  taken: readonly Span[],
): Span | undefined {
  for (const pattern of patternsOf(title, alias)) {
    for (const match of text.matchAll(pattern)) {
      const span = { start: match.index, end: match.index + match[0].length }
      if (!overlaps(span, taken)) return span
    }
  }
  return undefined
}

/** Whether a span the provider gave fits the text. */
export function validSpan(text: string, start: number | undefined, end: number | undefined): boolean {
  return start !== undefined && end !== undefined && start >= 0 && start < end && end <= text.length
}
