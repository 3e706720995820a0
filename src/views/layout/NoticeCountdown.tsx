import { useActorRef, useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { noticeCountdownMachine, selectSecondsLeft } from '~/machines/notice-countdown.machine'
import { noticeTexts } from '~/machines/notices'

/** Spec §8: 'Retry starting in {n} seconds...', counting down while the notice is shown. */
export function NoticeCountdown({ timeoutMs }: { readonly timeoutMs: number }) {
  const countdown = useActorRef(noticeCountdownMachine, { input: { timeoutMs } })
  const seconds = useSelector(countdown, selectSecondsLeft)
  return (
    <styled.p fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
      {noticeTexts.retryCountdown(seconds)}
    </styled.p>
  )
}
