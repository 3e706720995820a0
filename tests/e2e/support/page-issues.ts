import type { Page } from 'playwright-core'

export interface PageIssues {
  /** `console.error` calls and uncaught exceptions, as `console: …` / `pageerror: …` lines */
  readonly errors: string[]
  /** network failures and answers of status 500 and above, as `METHOD url: reason` */
  readonly failedRequests: string[]
  /** answers of status 400 to 499 (a guest's 401 from /v1/auth/info is normal, hence kept apart) */
  readonly clientErrors: string[]
  /** errors and failed requests together, minus the ignored ones: what a test asserts empty */
  all(): string[]
  /** forgets what was collected so far (e.g. after a step that provokes errors on purpose) */
  clear(): void
}

export interface PageIssuesOptions {
  /** lines matching any of these are left out of `all()` */
  ignore?: RegExp[]
}

/**
 * Collects what went wrong in the page from now on. Chrome's own "Failed to load resource" console
 * lines are left out (the request lists have them with the url); so are requests the browser aborted
 * itself (net::ERR_ABORTED: a navigation cancels the fetches of the page it leaves).
 */
export function collectPageIssues(page: Page, options: PageIssuesOptions = {}): PageIssues {
  const errors: string[] = []
  const failedRequests: string[] = []
  const clientErrors: string[] = []

  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = message.text()
    if (text.startsWith('Failed to load resource')) return
    const { url, lineNumber } = message.location()
    errors.push(`console: ${text}${url ? ` (${url}:${lineNumber})` : ''}`)
  })
  page.on('pageerror', (error) => {
    errors.push(`pageerror: ${error.stack ?? error.message}`)
  })
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed'
    if (reason.includes('ERR_ABORTED')) return
    failedRequests.push(`${request.method()} ${request.url()}: ${reason}`)
  })
  page.on('response', (response) => {
    const status = response.status()
    const line = `${response.request().method()} ${response.url()}: ${status}`
    if (status >= 500) failedRequests.push(line)
    else if (status >= 400) clientErrors.push(line)
  })

  const ignored = (line: string) => (options.ignore ?? []).some((pattern) => pattern.test(line))
  return {
    errors,
    failedRequests,
    clientErrors,
    all: () => [...errors, ...failedRequests].filter((line) => !ignored(line)),
    clear() {
      errors.length = 0
      failedRequests.length = 0
      clientErrors.length = 0
    },
  }
}
