import { XIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { styled } from 'styled-system/jsx'
import { IconButton } from '~/views/ui'

/** A list of chosen titles as chips, each with a button that takes it out of the list. */
export function TitleChips({
  titleIds,
  nameOf,
  label,
  removeLabel,
  onRemove,
}: {
  readonly titleIds: readonly number[]
  readonly nameOf: (titleId: number) => string
  /** the list's accessible name */
  readonly label: string
  /** the remove button's accessible name, given the title's name */
  readonly removeLabel: (name: string) => string
  readonly onRemove: (titleId: number) => void
}) {
  const list = useRef<HTMLUListElement>(null)
  // a removed chip takes its focused button along: the focus goes to the chip now in its place
  const removedAt = useRef<number>(undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new list after a removal is the trigger
  useEffect(() => {
    const index = removedAt.current
    if (index === undefined) return
    removedAt.current = undefined
    const buttons = list.current?.querySelectorAll('button')
    if (buttons && buttons.length > 0) buttons[Math.min(index, buttons.length - 1)]?.focus()
  }, [titleIds])
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
          h="8"
          borderWidth="1px"
          borderRadius="full"
          fontSize="sm"
        >
          {nameOf(id)}
          <IconButton
            type="button"
            aria-label={removeLabel(nameOf(id))}
            variant="ghost"
            size="xs"
            borderRadius="full"
            onClick={() => {
              removedAt.current = index
              onRemove(id)
            }}
          >
            <XIcon aria-hidden />
          </IconButton>
        </styled.li>
      ))}
    </styled.ul>
  )
}
