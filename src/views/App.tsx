import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { useClient } from './client-context'
import { LoadFailureBoundary } from './common/LoadFailureBoundary'
import { ScreenSkeleton } from './common/ScreenSkeleton'
import { DocumentTitle } from './DocumentTitle'
import { LoginLayout } from './layout/LoginLayout'
import { RouteGuard } from './RouteGuard'
import { loginLayoutRoutes, mainLayoutRoutes, notFoundRoute, type RouteEntry } from './routes'
import { ScrollToTop } from './ScrollToTop'

// The main layout (navigation, icons) and the game it waits for are not needed on the account pages.
const MainLayout = lazy(async () => ({ default: (await import('./layout/MainLayout')).MainLayout }))

function RouteScreen({ route }: { readonly route: RouteEntry }) {
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <DocumentTitle title={route.title} />
      <route.screen />
    </Suspense>
  )
}

/** A route of the main layout: the screen's chunk loads beside the layout's, not after it. */
function MainLayoutRoute({ route }: { readonly route: RouteEntry }) {
  void route.preload()
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <MainLayout>
        <RouteScreen route={route} />
      </MainLayout>
    </Suspense>
  )
}

/** Spec §2: the login layout's routes, the main layout's routes, and the not-found page. */
export function App() {
  const client = useClient()
  return (
    <>
      <RouteGuard />
      <ScrollToTop />
      <LoadFailureBoundary onError={client.reportRenderError}>
        <Switch>
          {loginLayoutRoutes.map((route) => (
            <Route key={route.path} path={route.path}>
              <LoginLayout>
                <RouteScreen route={route} />
              </LoginLayout>
            </Route>
          ))}
          {mainLayoutRoutes.map((route) => (
            <Route key={route.path} path={route.path}>
              <MainLayoutRoute route={route} />
            </Route>
          ))}
          <Route>
            <MainLayoutRoute route={notFoundRoute} />
          </Route>
        </Switch>
      </LoadFailureBoundary>
    </>
  )
}
