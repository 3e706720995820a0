import { styled } from 'styled-system/jsx'
import { Route, Switch } from 'wouter'
import { AppHeader } from './layout/AppHeader'
import { NotFound } from './screens/NotFound'
import { Welcome } from './screens/Welcome'

export function App() {
  return (
    <styled.div display="flex" flexDirection="column" minH="100dvh">
      <AppHeader />
      <styled.main
        flex="1"
        w="full"
        maxW="5xl"
        mx="auto"
        px={{ base: '4', md: '6' }}
        py={{ base: '10', md: '16' }}
      >
        <Switch>
          <Route path="/" component={Welcome} />
          <Route component={NotFound} />
        </Switch>
      </styled.main>
    </styled.div>
  )
}
