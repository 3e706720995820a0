/**
 * A `next` target only when it stays on this app: a path such as `/polls?tab=1`, never `//host`,
 * `/\host` (browsers read a backslash as a slash) or an absolute URL, so a crafted link cannot send a
 * player off-site after signing in or finishing the welcome slides.
 */
export function sameAppPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/')) return undefined
  const second = value.charAt(1)
  if (second === '/' || second === '\\') return undefined
  // control characters (tabs, new lines) are dropped by URL parsers and could rebuild `//`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of this check
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined
  return value
}
