import { styled } from 'styled-system/jsx'
import { Card, Heading, Text } from '~/views/ui'

const steps = [
  {
    title: 'Call the message',
    description: 'Mark a market message bullish or bearish. Three hours later the price says who was right.',
  },
  {
    title: 'Back it in the poll',
    description: 'Stake TTC on whether a title closes up, flat or down. The winners split the pot.',
  },
  {
    title: 'Climb the rankings',
    description: 'Score points every week in your groups. The top three take home a trophy.',
  },
] as const

export function Welcome() {
  return (
    <styled.div display="flex" flexDirection="column" gap={{ base: '10', md: '14' }}>
      <styled.section display="flex" flexDirection="column" gap="4" maxW="2xl">
        <Text size="sm" fontWeight="semibold" color="accent.text">
          A social prediction game for traders
        </Text>
        <Heading as="h1" size={{ base: '4xl', md: '5xl' }}>
          Predict the market, one message at a time
        </Heading>
        <Text size="lg" color="fg.muted">
          Read the news as it breaks, say where the price goes next and see how your calls stack up against
          other traders.{' '}
          <styled.span color="up.text" fontWeight="semibold">
            ▲ Bullish
          </styled.span>{' '}
          or{' '}
          <styled.span color="down.text" fontWeight="semibold">
            ▼ bearish
          </styled.span>
          : every call counts.
        </Text>
      </styled.section>
      <styled.ol display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="6">
        {steps.map((step, index) => (
          <Card.Root key={step.title} asChild>
            <li>
              <Card.Header>
                <Text size="sm" fontWeight="semibold" color="fg.subtle">
                  Step {index + 1}
                </Text>
                <Card.Title>{step.title}</Card.Title>
                <Card.Description>{step.description}</Card.Description>
              </Card.Header>
            </li>
          </Card.Root>
        ))}
      </styled.ol>
    </styled.div>
  )
}
