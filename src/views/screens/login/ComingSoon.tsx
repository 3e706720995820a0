import { styled } from 'styled-system/jsx'
import { Link as RouterLink } from 'wouter'
import { loginRoute } from '~/machines/session.routes'
import { Button, Card, Heading, Text } from '~/views/ui'

const pitch = [
  {
    title: 'Call the message',
    text: 'Tag live market messages Up or Down. Three hours later the price says who was right.',
  },
  {
    title: 'Back it in the poll',
    text: 'Wager TTC on whether a title ends up, flat or down. The winners split the pot.',
  },
  { title: 'Climb the rankings', text: 'Score in your groups every week. The top three take home a trophy.' },
] as const

/** /coming-soon: the game's pitch and the way in for players who have an account or an invitation. */
export function ComingSoon() {
  return (
    <styled.div display="flex" flexDirection="column" gap="8">
      <styled.header display="flex" flexDirection="column" gap="3" textAlign="center">
        <Text size="sm" fontWeight="semibold" color="accent.text">
          A social prediction game for traders
        </Text>
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          Coming soon
        </Heading>
        <Text size="lg" color="fg.muted">
          Predict the market, one message at a time: read the news as it breaks, say where the price goes next
          and see how your calls stack up against other traders.
        </Text>
      </styled.header>
      <styled.ul display="flex" flexDirection="column" gap="4">
        {pitch.map((item) => (
          <Card.Root key={item.title} asChild>
            <li>
              <Card.Header>
                <Card.Title>{item.title}</Card.Title>
                <Card.Description>{item.text}</Card.Description>
              </Card.Header>
            </li>
          </Card.Root>
        ))}
      </styled.ul>
      <styled.div display="flex" flexDirection="column" alignItems="center" gap="2">
        <Text color="fg.muted">Already playing, or invited?</Text>
        <Button asChild size="lg">
          <RouterLink href={loginRoute}>Sign in</RouterLink>
        </Button>
      </styled.div>
    </styled.div>
  )
}
