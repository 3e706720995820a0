import { styled } from 'styled-system/jsx'
import { Link, useLocation } from 'wouter'
import { Button, Heading, Text } from '~/views/ui'

export function NotFound() {
  const [location] = useLocation()
  return (
    <styled.section display="flex" flexDirection="column" alignItems="flex-start" gap="4" maxW="xl">
      <Text size="sm" fontWeight="semibold" color="fg.muted">
        404
      </Text>
      <Heading as="h1" size="3xl">
        Page not found
      </Heading>
      <Text color="fg.muted">
        There is no page at <styled.code wordBreak="break-all">{location}</styled.code>.
      </Text>
      <Button asChild variant="outline" mt="2">
        <Link href="/">Back to home</Link>
      </Button>
    </styled.section>
  )
}
