import { useSelector } from '@xstate/react'
import { TimerIcon } from 'lucide-react'
import { useId } from 'react'
import { styled } from 'styled-system/jsx'
import { countdownInWords, formatCountdown, formatPollStart } from '~/domain/countdown-format'
import { selectCountdown } from '~/machines/poll-countdown.machine'
import { useClient } from '~/views/client-context'
import { Heading, Text } from '~/views/ui'

interface UpcomingPollCountdownProps {
  /** the heading's level where it stands @default 'h3' */
  readonly headingLevel?: 'h2' | 'h3'
}

/**
 * Spec §2, §4 "Upcoming poll announcement": while no poll is open, the time left until the next one.
 * The clock ticks each second for the eye; its accessible label changes once a minute, and as a
 * timer it is not read out on every change.
 */
export function UpcomingPollCountdown({ headingLevel = 'h3' }: UpcomingPollCountdownProps) {
  const client = useClient()
  const countdown = useSelector(client.countdown, (snapshot) => selectCountdown(snapshot.context))
  const headingId = useId()
  if (!countdown) return null
  const words = countdownInWords(countdown.remainingMs)
  return (
    <styled.section
      aria-labelledby={headingId}
      display="grid"
      justifyItems="center"
      gap="1"
      textAlign="center"
      p="5"
      borderWidth="1px"
      borderRadius="l3"
      bg="bg.subtle"
    >
      <Heading as={headingLevel} id={headingId} textStyle="md" display="flex" alignItems="center" gap="2">
        <TimerIcon aria-hidden size={18} /> Next poll
      </Heading>
      <styled.p
        role="timer"
        aria-label={`Next poll starts in ${words}`}
        textStyle="3xl"
        fontWeight="semibold"
        fontVariantNumeric="tabular-nums"
      >
        {formatCountdown(countdown.remainingMs)}
      </styled.p>
      <Text textStyle="sm" color="fg.muted">
        No poll is open right now. The next one starts {formatPollStart(countdown.nextStart)} (your time).
      </Text>
    </styled.section>
  )
}
