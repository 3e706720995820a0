import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** A screen loaded when its route is first shown (spec §2 routes; each route is its own chunk). */
type Screen = LazyExoticComponent<ComponentType>

/** A route's screen and its import, to start early (beside the layout's, so neither waits for the other). */
const screen = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) => {
  let loading: Promise<M> | undefined
  const preload = () => {
    // a failed import is tried again by the next call (React.lazy keeps its own failure)
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
  return {
    screen: lazy(async () => ({ default: (await preload())[name] as ComponentType })) as Screen,
    preload,
  }
}

export interface RouteEntry {
  /** a wouter pattern */
  readonly path: string
  readonly screen: Screen
  /** starts loading the screen's chunk (idempotent) */
  readonly preload: () => Promise<unknown>
  /** the document title's first part */
  readonly title: string
}

/** Spec §2 "Routes in the login layout". */
export const loginLayoutRoutes: readonly RouteEntry[] = [
  {
    path: '/coming-soon',
    title: 'Coming soon',
    ...screen(() => import('./screens/login/ComingSoon'), 'ComingSoon'),
  },
  { path: '/welcome', title: 'Welcome', ...screen(() => import('./screens/login/Welcome'), 'Welcome') },
  {
    path: '/account/signin',
    title: 'Sign in',
    ...screen(() => import('./screens/login/SignIn'), 'SignIn'),
  },
  {
    path: '/account/confirm-email',
    title: 'Confirm your e-mail',
    ...screen(() => import('./screens/login/ConfirmEmail'), 'ConfirmEmail'),
  },
  {
    path: '/account/change-email',
    title: 'Change your e-mail address',
    ...screen(() => import('./screens/login/ChangeEmail'), 'ChangeEmail'),
  },
  {
    path: '/account/unsubscribe-from-email',
    title: 'Unsubscribe',
    ...screen(() => import('./screens/login/Unsubscribe'), 'Unsubscribe'),
  },
  {
    path: '/account/reset-password',
    title: 'Reset your password',
    ...screen(() => import('./screens/login/ResetPassword'), 'ResetPassword'),
  },
  {
    path: '/account/login-successful',
    title: 'Signed in',
    ...screen(() => import('./screens/login/LoginSuccessful'), 'LoginSuccessful'),
  },
]

/** Spec §2 "Routes in the main layout"; anything else is the not-found page. */
export const mainLayoutRoutes: readonly RouteEntry[] = [
  {
    path: '/',
    title: 'Dashboard',
    ...screen(() => import('./screens/dashboard/Dashboard'), 'Dashboard'),
  },
  {
    path: '/rankings/:tab?',
    title: 'Rankings',
    ...screen(() => import('./screens/rankings/Rankings'), 'Rankings'),
  },
  {
    path: '/livestream/:tab?',
    title: 'Live stream',
    ...screen(() => import('./screens/livestream/LiveStream'), 'LiveStream'),
  },
  { path: '/polls/:tab?', title: 'Polls', ...screen(() => import('./screens/polls/Polls'), 'Polls') },
  { path: '/bank', title: 'The Bank', ...screen(() => import('./screens/bank/Bank'), 'Bank') },
  { path: '/authors', title: 'Authors', ...screen(() => import('./screens/authors/Authors'), 'Authors') },
  {
    path: '/authors/:username',
    title: 'Author',
    ...screen(() => import('./screens/authors/AuthorPage'), 'AuthorPage'),
  },
  { path: '/faq', title: 'FAQ', ...screen(() => import('./screens/faq/Faq'), 'Faq') },
  { path: '/groups', title: 'Groups', ...screen(() => import('./screens/groups/Groups'), 'Groups') },
  {
    path: '/settings',
    title: 'Settings',
    ...screen(() => import('./screens/settings/Settings'), 'Settings'),
  },
  { path: '/error', title: 'Error', ...screen(() => import('./screens/error/ErrorPage'), 'ErrorPage') },
]

export const notFoundRoute: RouteEntry = {
  path: '*',
  title: 'Page not found',
  ...screen(() => import('./screens/NotFound'), 'NotFound'),
}
