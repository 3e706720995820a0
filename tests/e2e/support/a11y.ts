import axe from 'axe-core'
import type { Page } from 'playwright-core'

export interface A11yOptions {
  /** CSS selector of the part to check @default the whole document */
  include?: string
  /** CSS selectors to leave out (e.g. a third-party chart canvas) */
  exclude?: string[]
  /** axe rule ids to switch off, each with a reason in the test */
  disableRules?: string[]
}

type Impact = 'minor' | 'moderate' | 'serious' | 'critical'

export interface A11yViolation {
  id: string
  impact: Impact | null
  help: string
  helpUrl: string
  nodes: { target: string[]; failureSummary: string }[]
}

/**
 * Waits for the page's finite animations and transitions (a dialog fading in, a hover fading out):
 * axe measures the colours of the moment, and a half-opaque button mid-fade reads as poor contrast.
 * Endless ones (skeleton pulse, spinners) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) =>
        Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
      )
    // a cancelled animation rejects `finished`: it is settled all the same
    await Promise.allSettled(finite.map((animation) => animation.finished))
  })
}

/** Every axe violation of the page (any impact). Injects axe-core once per document. */
export async function axeViolations(page: Page, options: A11yOptions = {}): Promise<A11yViolation[]> {
  await settleAnimations(page)
  const loaded = await page.evaluate(() => 'axe' in window)
  // Evaluated through the DevTools protocol rather than an inline <script> (addScriptTag): the
  // server's CSP (script-src 'self') rightly blocks inline scripts, and the test must not weaken it.
  if (!loaded) await page.evaluate(axe.source)
  return page.evaluate(
    async ({ include, exclude, disableRules }) => {
      const runner = (window as unknown as { axe: typeof import('axe-core') }).axe
      const context: import('axe-core').ElementContext = include ? { include, exclude } : { exclude }
      const results = await runner.run(context, {
        resultTypes: ['violations'],
        rules: Object.fromEntries(disableRules.map((id) => [id, { enabled: false }])),
      })
      return results.violations.map((v) => ({
        id: v.id,
        impact: (v.impact ?? null) as Impact | null,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary ?? '' })),
      }))
    },
    { include: options.include, exclude: options.exclude ?? [], disableRules: options.disableRules ?? [] },
  )
}

/** One violation as readable lines: impact, rule, help, then each offending element and why. */
export function formatViolation(violation: A11yViolation): string {
  const nodes = violation.nodes.map(
    (node) =>
      `  - ${node.target.join(' ')}\n${node.failureSummary
        .split('\n')
        .map((line) => `      ${line}`)
        .join('\n')}`,
  )
  return [`[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`, ...nodes].join(
    '\n',
  )
}

/**
 * The serious and critical axe violations of the page, each formatted by `formatViolation`, so that
 * `expect(await checkA11y(page)).toEqual([])` fails with a message that says what to fix.
 */
export async function checkA11y(page: Page, options: A11yOptions = {}): Promise<string[]> {
  const serious = async () =>
    (await axeViolations(page, options))
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(formatViolation)
  const first = await serious()
  if (first.length === 0) return first
  // A screen caught between two renders (rows arriving, a store answering) is judged once it has
  // settled: what is still wrong a second later fails the test. The passing finding is printed, not
  // dropped silently, since a player may meet it too.
  await page.waitForTimeout(1_000)
  const settled = await serious()
  const passing = first.filter((finding) => !settled.includes(finding))
  if (passing.length > 0)
    console.warn(`axe findings that passed within a second on ${page.url()}:\n${passing.join('\n')}`)
  return settled
}
