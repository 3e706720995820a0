import { ArrowUpIcon } from 'lucide-react'
import { newMessagesText } from '~/domain/live-feed'
import { Button } from '~/views/ui'

/**
 * New messages that wait while the reader points at the list or works in it: a visible count that lets
 * them in when the reader chooses, instead of sliding them under the pointer. It floats over the list's
 * top edge: taking room would push the list down under the pointer, the very move it is there to stop.
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
    <Button
      type="button"
      size="sm"
      variant="solid"
      position="absolute"
      top="2"
      left="50%"
      transform="translateX(-50%)"
      zIndex="1"
      boxShadow="md"
      onClick={onShow}
    >
      <ArrowUpIcon aria-hidden /> Show {newMessagesText(count)}
    </Button>
  )
}
