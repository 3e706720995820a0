import fc from 'fast-check'
import { hugeNumbers, tinyNumbers } from './edge-numbers'

/** The part of JSON Schema (as OpenAPI 3.1 documents carry it) that our zod schemas produce. */
export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
}

const maxDepth = 4

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress()
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length <= (schema.maxLength ?? 10_000))
    } catch {
      // a pattern JavaScript cannot compile: plain strings instead
    }
  }
  const minLength = schema.minLength ?? 0
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 200)) })
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lowest = schema.minimum ?? schema.exclusiveMinimum ?? -1e6
  const highest = schema.maximum ?? schema.exclusiveMaximum ?? 1e9
  const minExcluded = schema.minimum === undefined && schema.exclusiveMinimum !== undefined
  const maxExcluded = schema.maximum === undefined && schema.exclusiveMaximum !== undefined
  if (integer) {
    const min = minExcluded ? lowest + 1 : lowest
    const max = maxExcluded ? highest - 1 : highest
    return fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31)) })
  }
  // Edges are checked against the schema's own bounds, not the defaults of the plain draw.
  const { minimum = -Infinity, maximum = Infinity } = schema
  const { exclusiveMinimum = -Infinity, exclusiveMaximum = Infinity } = schema
  const inRange = (n: number) => n >= minimum && n <= maximum && n > exclusiveMinimum && n < exclusiveMaximum
  // The documented range says nothing of what rounds to no hundredth or overflows integer hundredths.
  const edges = [...tinyNumbers, ...hugeNumbers].filter(inRange)
  const plain = fc.double({
    min: lowest,
    max: highest,
    minExcluded,
    maxExcluded,
    noNaN: true,
    noDefaultInfinity: true,
  })
  return edges.length > 0 ? fc.oneof(plain, fc.constantFrom(...edges)) : plain
}

/**
 * Values a JSON Schema describes, drawn by fast-check: what a client reading only the OpenAPI document
 * would send. The document is generated from the same zod schemas that validate requests, so such input
 * reaches the handlers (where e.g. ids that name nothing must still be answered with a 4xx).
 */
export function arbitraryFromJsonSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const choices = schema.anyOf ?? schema.oneOf
  if (choices && choices.length > 0)
    return fc.oneof(...choices.map((s) => arbitraryFromJsonSchema(s, depth + 1)))
  if (schema.allOf?.[0]) return arbitraryFromJsonSchema(schema.allOf[0], depth + 1)
  const types = [schema.type ?? (schema.properties ? 'object' : undefined)].flat()
  const arbitraries = types.map((type) => {
    switch (type) {
      case 'string':
        return stringFor(schema)
      case 'integer':
        return numberFor(schema, true)
      case 'number':
        return numberFor(schema, false)
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      case 'array':
        if (depth >= maxDepth) return fc.constant([])
        return fc.array(arbitraryFromJsonSchema(schema.items ?? {}, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 8)),
        })
      case 'object': {
        const properties = schema.properties ?? {}
        if (depth >= maxDepth) return fc.constant({})
        return fc.record(
          Object.fromEntries(
            Object.entries(properties).map(([key, value]) => [
              key,
              arbitraryFromJsonSchema(value, depth + 1),
            ]),
          ),
          { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
        )
      }
      default:
        return fc.jsonValue({ maxDepth: 2 })
    }
  })
  return arbitraries.length === 1 ? (arbitraries[0] as fc.Arbitrary<unknown>) : fc.oneof(...arbitraries)
}
