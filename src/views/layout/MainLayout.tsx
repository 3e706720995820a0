import { lazy, type ReactNode, Suspense } from 'react'
import { styled } from 'styled-system/jsx'
import { ScreenSkeleton } from '~/views/common/ScreenSkeleton'
import { AnnouncementBanner } from './AnnouncementBanner'
import { HeaderActions } from './account/HeaderActions'
import { GameReady } from './GameReady'
import { MainNav, TabBar } from './MainNav'
import { Notices } from './Notices'
import { Wordmark } from './Wordmark'

// The drawer, tabs and charts of the panel stay out of the entry: they load after the first paint.
const TickerPanelHost = lazy(async () => ({
  default: (await import('~/views/ticker/TickerPanelHost')).TickerPanelHost,
}))

/**
 * Spec §2 main layout: header (navigation, credit and account menus), the screen, a phone tab bar.
 * Shown once the game is there: every part of it and every screen in it may read the game's actors.
 */
export function MainLayout({ children }: { readonly children: ReactNode }) {
  return (
    <GameReady fallback={<ScreenSkeleton />}>
      <MainLayoutParts>{children}</MainLayoutParts>
    </GameReady>
  )
}

function MainLayoutParts({ children }: { readonly children: ReactNode }) {
  return (
    <styled.div display="flex" flexDirection="column" minH="100dvh">
      <styled.a
        href="#main"
        position="absolute"
        left="2"
        top="-20"
        zIndex="skipLink"
        bg="bg.default"
        px="3"
        py="2"
        borderRadius="l2"
        _focus={{ top: '2' }}
      >
        Skip to content
      </styled.a>
      <styled.header position="sticky" top="0" zIndex="sticky" bg="bg.default" borderBottomWidth="1px">
        <styled.div
          display="flex"
          alignItems="center"
          gap="6"
          h="14"
          maxW="7xl"
          mx="auto"
          px={{ base: '4', md: '6' }}
        >
          <Wordmark />
          <MainNav />
          <styled.div ml="auto" display="flex" alignItems="center" gap="2">
            <HeaderActions />
          </styled.div>
        </styled.div>
      </styled.header>
      <AnnouncementBanner />
      <styled.main
        id="main"
        tabIndex={-1}
        flex="1"
        w="full"
        maxW="7xl"
        mx="auto"
        px={{ base: '4', md: '6' }}
        pt={{ base: '6', md: '10' }}
        pb={{ base: '24', md: '16' }}
        outline="none"
      >
        {children}
      </styled.main>
      <TabBar />
      {/* one ticker panel for the whole app: any TitleLink opens it */}
      <Suspense fallback={null}>
        <TickerPanelHost />
      </Suspense>
      <Notices />
    </styled.div>
  )
}
