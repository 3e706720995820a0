import { useActorRef, useSelector } from '@xstate/react'
import { ChevronLeftIcon, ChevronRightIcon, CircleAlertIcon } from 'lucide-react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { useSearch } from 'wouter'
import { provideWelcome } from '~/actors/welcome.actors'
import { welcomeMachine } from '~/machines/welcome.machine'
import { selectIsLastSlide, selectSaving, selectSlide, selectWelcomeError } from '~/machines/welcome.select'
import { useClient } from '~/views/client-context'
import { Alert, Button, IconButton } from '~/views/ui'
import { SlideDots } from './SlideDots'
import { WelcomeSlideView } from './WelcomeSlideView'
import { welcomeSlides } from './welcome-slides'

/**
 * The first-time slides as a carousel (WAI-ARIA APG): previous / next buttons, dots, the arrow keys
 * while focus is inside, and 'Let's play!' on the last slide.
 */
export function WelcomeSlides() {
  const client = useClient()
  const next = new URLSearchParams(useSearch()).get('next') ?? undefined
  const logic = useMemo(
    () => provideWelcome(welcomeMachine, { ...client.effects, session: client.session }),
    [client],
  )
  const welcome = useActorRef(logic, { input: { slides: welcomeSlides.length, next } })
  const slide = useSelector(welcome, selectSlide)
  const isLast = useSelector(welcome, selectIsLastSlide)
  const saving = useSelector(welcome, selectSaving)
  const error = useSelector(welcome, selectWelcomeError)
  const current = welcomeSlides[slide] ?? welcomeSlides[0]
  return (
    <styled.section
      aria-roledescription="carousel"
      aria-label="How Alpha works"
      display="flex"
      flexDirection="column"
      gap="6"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') welcome.send({ type: 'welcome.next' })
        else if (event.key === 'ArrowLeft') welcome.send({ type: 'welcome.previous' })
        else return
        event.preventDefault()
      }}
    >
      {current ? (
        <WelcomeSlideView slide={current} position={slide + 1} count={welcomeSlides.length} />
      ) : null}
      <SlideDots
        titles={welcomeSlides.map((s) => s.title)}
        current={slide}
        onSelect={(index) => welcome.send({ type: 'welcome.show', slide: index })}
      />
      {error ? (
        <Alert.Root role="alert" colorPalette="red">
          <Alert.Icon asChild color="fg.error">
            <CircleAlertIcon aria-hidden />
          </Alert.Icon>
          <Alert.Content>
            <Alert.Title>{error}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <styled.div display="flex" alignItems="center" justifyContent="space-between" gap="4">
        <IconButton
          aria-label="Previous slide"
          variant="outline"
          disabled={slide === 0}
          onClick={() => welcome.send({ type: 'welcome.previous' })}
        >
          <ChevronLeftIcon aria-hidden />
        </IconButton>
        {isLast ? (
          <Button
            size="lg"
            disabled={saving}
            aria-busy={saving}
            onClick={() => welcome.send({ type: 'welcome.finish' })}
          >
            Let's play!
          </Button>
        ) : (
          <Button size="lg" variant="outline" onClick={() => welcome.send({ type: 'welcome.next' })}>
            Next
            <ChevronRightIcon aria-hidden />
          </Button>
        )}
      </styled.div>
    </styled.section>
  )
}
