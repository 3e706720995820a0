import { ArrowUpIcon } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import { newMessagesText } from '~/domain/live-feed'
import { Button } from '~/views/ui'

/**
 * New messages that wait while the reader points at the list or works in it: a visible count that lets
 * them in when the reader chooses, instead of sliding them under the pointer. It floats over the list's
 * top edge: taking room would push the list down under the pointer, the very move it is there to stop.
 * It sticks below the page's header, so a reader scrolled down the list still sees it.
 */
export function NewMessagesButton({
  count,
  onShow,
}: {
  readonly count: number
  readonly onShow: () => void
}) {
  if (count === 0) return null
  return (
    // no height: the list does not move when it comes
    <styled.div position="sticky" top="16" h="0" zIndex="1">
      <Button
        type="button"
        size="sm"
        variant="solid"
        position="absolute"
        top="2"
        left="50%"
        transform="translateX(-50%)"
        boxShadow="md"
        onClick={onShow}
      >
        <ArrowUpIcon aria-hidden /> Show {newMessagesText(count)}
      </Button>
    </styled.div>
  )
}
