import fc from 'fast-check'

/**
 * Numbers at the edges of what an amount can be: more than 0 yet less than a hundredth (stored as 0), a
 * third decimal, and past the integers a double holds exactly (hundredths of them overflow a column).
 */
export const tinyNumbers = [1e-9, 5e-324, 1e-7, 0.004, 0.005, 0.0049999]
export const hugeNumbers = [1e21, 1e308, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e8 + 0.01]

/** Tiny and huge numbers of both signs, and random ones from those ranges. */
export const edgeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...tinyNumbers, ...hugeNumbers),
  fc.constantFrom(...tinyNumbers, ...hugeNumbers).map((n) => -n),
  fc.double({ min: Number.MIN_VALUE, max: 0.01, noNaN: true }),
  fc.double({ min: 1e15, max: Number.MAX_VALUE, noNaN: true }),
)

/** A JSON string literal or a JSON number: numbers are found outside strings only. */
const jsonStringOrNumber = /"(?:[^"\\]|\\.)*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/g

/**
 * The same JSON text with every number in exponent form, every other one with a capital E (12.5 ->
 * 1.25e+1, 3 -> 3E0): values a parser must read the same, though JSON.stringify writes them otherwise.
 */
export function exponentForm(json: string): string {
  let count = 0
  return json.replace(jsonStringOrNumber, (token) => {
    if (token.startsWith('"')) return token
    const exponent = Number(token).toExponential()
    return count++ % 2 === 0 ? exponent : exponent.replace('e+', 'E').replace('e', 'E')
  })
}
