import type { ReactNode } from 'react'
import { styled } from 'styled-system/jsx'
import { AnnouncementBanner } from './AnnouncementBanner'
import { Notices } from './Notices'
import { Wordmark } from './Wordmark'

/**
 * Spec §2 login layout: the mark, one centred column, no game navigation. The operator's announcement
 * shows here too: a maintenance that stops sign-in concerns those about to sign in first.
 */
export function LoginLayout({ children }: { readonly children: ReactNode }) {
  return (
    <styled.div display="flex" flexDirection="column" minH="100dvh" bg="bg.canvas">
      {/* above the mark: the page's own spacing stays as it is */}
      <AnnouncementBanner />
      <styled.header display="flex" justifyContent="center" py={{ base: '6', md: '10' }}>
        <Wordmark />
      </styled.header>
      <styled.main id="main" flex="1" w="full" maxW="lg" mx="auto" px="4" pb="16">
        {children}
      </styled.main>
      <Notices />
    </styled.div>
  )
}
