/** Usernames are ^[A-Za-z0-9_]{3,24}$ (src/api/auth.ts). */
const minLength = 3
const maxLength = 24
const fallbackName = 'player'

/** Latin letters that Unicode does not decompose into a base letter and a mark. */
const unDecomposed: Record<string, string> = {
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  ß: 'ss',
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  Þ: 'Th',
  þ: 'th',
}

/** 'José Álvarez' -> 'Jose_Alvarez', 'jane.doe' -> 'jane_doe'; '' when nothing usable is left. */
export function sanitizeUsername(suggestion: string): string {
  return suggestion
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ÆæŒœØøßĐđŁłÞþ]/g, (c) => unDecomposed[c] ?? '')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^_+/, '')
    .slice(0, maxLength)
    .replace(/_+$/, '')
}

/** The first suggestion that sanitizes to a valid name, else 'player'. */
export function usernameBase(suggestions: readonly string[]): string {
  for (const suggestion of suggestions) {
    const name = sanitizeUsername(suggestion)
    if (name.length >= minLength) return name
  }
  return fallbackName
}

/** The n-th try for a base: the base itself, then base2, base3, ... cut so the result stays within 24. */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base
  const suffix = String(attempt + 1)
  return base.slice(0, maxLength - suffix.length) + suffix
}
