import { styled } from 'styled-system/jsx'
import { Card, Heading, Text } from '~/views/ui'
import type { WelcomeSlide } from './welcome-slides'

/** One slide: a labelled group ("2 of 4") whose change is announced politely. */
export function WelcomeSlideView({
  slide,
  position,
  count,
}: {
  readonly slide: WelcomeSlide
  readonly position: number
  readonly count: number
}) {
  const Icon = slide.icon
  return (
    <styled.div aria-live="polite">
      <Card.Root
        role="group"
        aria-roledescription="slide"
        aria-label={`${position} of ${count}`}
        minH={{ base: '80', sm: '72' }}
      >
        <Card.Body pt="6" display="flex" flexDirection="column" gap="4">
          <styled.span color="accent.text" display="inline-flex">
            <Icon aria-hidden size={40} />
          </styled.span>
          <Text size="sm" fontWeight="semibold" color="fg.muted">
            Step {position} of {count}
          </Text>
          <Heading as="h2" size="xl">
            {slide.title}
          </Heading>
          {slide.paragraphs.map((paragraph) => (
            <Text key={paragraph} color="fg.muted">
              {paragraph}
            </Text>
          ))}
        </Card.Body>
      </Card.Root>
    </styled.div>
  )
}
