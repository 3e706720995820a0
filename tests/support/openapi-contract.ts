import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import { expect } from 'vitest'
import { type Answer, HttpClient, type RequestOptions } from './http-client'

interface MediaType {
  schema?: unknown
}
interface Response {
  description: string
  content?: Record<string, MediaType>
}
export interface OpenApiDocument {
  openapi: string
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>
  components?: { schemas?: Record<string, unknown> }
}

/** `GET /v1/users/{user}` */
export type OperationName = string

/** The ajv id of the document: `$ref`s inside it (`#/components/schemas/ApiError`) resolve against it. */
const documentId = 'openapi.json'
/** The fields of an OpenAPI object: known to ajv as keywords without meaning, so the document compiles. */
const openApiFields = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'paths',
  'webhooks',
  'components',
  'security',
  'tags',
  'externalDocs',
]
const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')

/** A documented path as a pattern over real paths: `/v1/users/{user}` matches `/v1/users/me`. */
function pathPattern(template: string): RegExp {
  const escaped = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+')
  return new RegExp(`^${escaped}$`)
}

/**
 * Checks real answers against the OpenAPI document: the status must be documented for the operation,
 * a JSON body must validate against the documented schema (Ajv, JSON Schema 2020-12, strict), a
 * response without content must come without a body, any other body must have a documented type.
 * Remembers which statuses of which operations were seen, so a test can require every operation.
 */
export class OpenApiContract {
  readonly #ajv = new Ajv2020({ strict: true, allowUnionTypes: true })
  readonly #templates: { template: string; pattern: RegExp; parameters: number }[]
  readonly seen = new Map<OperationName, Set<number>>()

  constructor(readonly document: OpenApiDocument) {
    this.#ajv.addVocabulary(openApiFields)
    this.#ajv.addSchema(document as object, documentId)
    // exact paths before templates: /v1/stockgame/polls/next is not /v1/stockgame/polls/{pollId}
    this.#templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: pathPattern(template),
        parameters: template.split('{').length - 1,
      }))
      .sort((a, b) => a.parameters - b.parameters)
  }

  /** Every documented operation, e.g. `POST /v1/auth/signup`. */
  operations(): OperationName[] {
    return Object.entries(this.document.paths).flatMap(([path, byMethod]) =>
      Object.keys(byMethod).map((method) => `${method.toUpperCase()} ${path}`),
    )
  }

  /** The operations that document a 4xx answer. */
  operationsWithErrors(): OperationName[] {
    return this.operations().filter((name) =>
      Object.keys(this.#operation(name).responses).some((status) => status.startsWith('4')),
    )
  }

  /** Operations of which an answer with a status in [from, to) was checked. */
  checked(from: number, to: number): OperationName[] {
    return [...this.seen]
      .filter(([, statuses]) => [...statuses].some((status) => status >= from && status < to))
      .map(([name]) => name)
  }

  check(method: string, path: string, answer: Answer): void {
    const pathOnly = path.split('?')[0] ?? path
    const template = this.#templates.find(
      (t) => t.pattern.test(pathOnly) && this.document.paths[t.template]?.[method.toLowerCase()],
    )?.template
    const what = `${method} ${path} -> ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300)}`
    expect(template, `${what}: no documented operation`).toBeDefined()
    const name = `${method.toUpperCase()} ${template}`
    const response = this.#operation(name).responses[String(answer.status)]
    expect(response, `${what}: status not documented for ${name}`).toBeDefined()
    const contentType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? ''
    if (!response?.content) {
      expect(answer.body, `${what}: documented without content`).toBe('')
    } else {
      expect(Object.keys(response.content), `${what}: content type`).toContain(contentType)
      if (contentType === 'application/json') {
        const validate = this.#validator(name, answer.status)
        expect(validate(answer.body), `${what}: ${this.#ajv.errorsText(validate.errors)}`).toBe(true)
      }
    }
    const statuses = this.seen.get(name) ?? new Set<number>()
    statuses.add(answer.status)
    this.seen.set(name, statuses)
  }

  #operation(name: OperationName) {
    const [method = '', path = ''] = name.split(' ')
    const operation = this.document.paths[path]?.[method.toLowerCase()]
    if (!operation) throw new Error(`${name} is not documented`)
    return operation
  }

  #validator(name: OperationName, status: number): ValidateFunction {
    const [method = '', path = ''] = name.split(' ')
    const ref = `${documentId}#/${pointer('paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`
    const validate = this.#ajv.getSchema(ref)
    if (!validate) throw new Error(`no schema at ${ref}`)
    return validate
  }
}

/** An HttpClient whose every answer the contract checks. */
export class ContractClient extends HttpClient {
  constructor(
    baseUrl: string,
    readonly contract: OpenApiContract,
  ) {
    super(baseUrl)
  }

  override async request<T>(
    method: string,
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<Answer<T>> {
    const answer = await super.request<T>(method, path, body, options)
    this.contract.check(method, path, answer)
    return answer
  }
}
