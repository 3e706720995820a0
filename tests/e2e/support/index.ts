export { type A11yOptions, type A11yViolation, axeViolations, checkA11y, formatViolation } from './a11y'
export {
  chromiumPath,
  type E2eBrowser,
  launchBrowser,
  type PageOptions,
  screenshot,
  type Viewport,
  viewports,
} from './browser'
export { advanceClocks, installServerClock } from './clock'
export { pollOutcomeAt } from './market'
export { collectPageIssues, type PageIssues, type PageIssuesOptions } from './page-issues'
export { type E2ePlayer, type SignUpOptions, signInBrowser, signUpPlayer } from './players'
export { openPoll } from './polls'
export { type E2eServer, type E2eServerOptions, type OutboxMail, startE2eServer } from './server'
export { type E2eSession, setUpE2eSession } from './session'
