import { styled } from 'styled-system/jsx'
import { WelcomeSlides } from '~/views/auth/WelcomeSlides'
import { Heading, Text } from '~/views/ui'

/** /welcome: the first-time information page (spec §2: 4 slides ending with 'Let's play!'). */
export function Welcome() {
  return (
    <styled.div display="flex" flexDirection="column" gap="6">
      <styled.header textAlign="center" display="flex" flexDirection="column" gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Welcome to Alpha
        </Heading>
        <Text color="fg.muted">Four things to know before your first call.</Text>
      </styled.header>
      <WelcomeSlides />
    </styled.div>
  )
}
