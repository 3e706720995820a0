import { XIcon } from 'lucide-react'
import { type ReactNode, useRef } from 'react'
import { styled } from 'styled-system/jsx'
import { indexAfterRemoval } from '~/views/stream/feed-keys'
import { IconButton } from '~/views/ui'

/** A list of chosen titles as chips, each with a button that takes it out of the list. */
export function TitleChips({
  titleIds,
  nameOf,
  label,
  removeLabel,
  onRemove,
  detail,
}: {
  readonly titleIds: readonly number[]
  readonly nameOf: (titleId: number) => string
  /** the list's accessible name */
  readonly label: string
  /** the remove button's accessible name, given the title's name */
  readonly removeLabel: (name: string) => string
  readonly onRemove: (titleId: number) => void
  /** what a chip shows after the name (the watch list: the price) */
  readonly detail?: (titleId: number) => ReactNode
}) {
  const list = useRef<HTMLUListElement>(null)
  // a removed chip takes its focused button along: the focus first goes to the next chip's (else the one
  // before), as the live stream does for a tagged message
  const remove = (titleId: number, index: number) => {
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])]
    if (buttons[index] === document.activeElement) buttons[indexAfterRemoval(index, buttons.length)]?.focus()
    onRemove(titleId)
  }
  return (
    <styled.ul ref={list} aria-label={label} display="flex" flexWrap="wrap" gap="2">
      {titleIds.map((id, index) => (
        <styled.li
          key={id}
          display="flex"
          alignItems="center"
          gap="1"
          pl="3"
          pr="1"
          minH="8"
          borderWidth="1px"
          // a chip with a detail may wrap onto two lines on a phone: a rounded box, not a tall pill
          borderRadius={detail ? 'l3' : 'full'}
          fontSize="sm"
        >
          {/* name and detail wrap inside their own box: the remove button stays on the chip's right */}
          <styled.span display="flex" flexWrap="wrap" alignItems="baseline" columnGap="2" minW="0">
            {nameOf(id)}
            {detail?.(id)}
          </styled.span>
          <IconButton
            type="button"
            aria-label={removeLabel(nameOf(id))}
            variant="ghost"
            size="xs"
            borderRadius="full"
            flexShrink="0"
            onClick={() => remove(id, index)}
          >
            <XIcon aria-hidden />
          </IconButton>
        </styled.li>
      ))}
    </styled.ul>
  )
}
