/**
 * Characters that draw nothing or change how the text around them runs: controls (Cc); format
 * characters (Cf), among them the zero-width space and joiners U+200B..U+200D, the word joiner U+2060,
 * U+FEFF, the direction marks U+200E, U+200F and U+061C, the embeddings and overrides U+202A..U+202E and
 * the isolates U+2066..U+2069; line and paragraph separators; lone surrogates. In a name they make two
 * names look alike, or one read backwards ('\u202Egnp.exe').
 */
const hiddenOrReordering = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u

/**
 * The joiner inside an emoji sequence ('👨‍👩‍👧', '🏳️‍🌈', '🧑🏽‍💻'): between two pictographs (the first
 * perhaps with its emoji presentation or skin tone) it draws them as one emoji, and changes nothing
 * else, so there it stays.
 */
const emojiJoiner =
  /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu

/**
 * A name as the game keeps it (group names, usernames): NFKC-normalised, so fullwidth 'Ｂｕｌｌｓ' or
 * the ligature 'ﬁ' become the letters they look like, then trimmed. Undefined when the name holds a
 * character that hides or reorders text: refused, not silently removed, so what a player sees in the
 * form is what everybody sees.
 */
export function normalizedName(raw: string): string | undefined {
  const name = raw.normalize('NFKC')
  return hiddenOrReordering.test(name.replace(emojiJoiner, '')) ? undefined : name.trim()
}
