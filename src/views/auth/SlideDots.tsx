import { styled } from 'styled-system/jsx'

/** The carousel's dots: one button per slide, the shown one marked current. */
export function SlideDots({
  titles,
  current,
  onSelect,
}: {
  readonly titles: readonly string[]
  readonly current: number
  readonly onSelect: (index: number) => void
}) {
  return (
    <styled.div role="group" aria-label="Choose a slide" display="flex" justifyContent="center" gap="1">
      {titles.map((title, index) => (
        <styled.button
          key={title}
          type="button"
          aria-label={`Slide ${index + 1}: ${title}`}
          aria-current={index === current ? 'true' : undefined}
          onClick={() => onSelect(index)}
          // a 24 px target around a small dot (WCAG 2.5.8)
          w="6"
          h="6"
          display="grid"
          placeItems="center"
          borderRadius="full"
          cursor="pointer"
          _focusVisible={{ outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '1px' }}
        >
          <styled.span
            w="2.5"
            h="2.5"
            borderRadius="full"
            bg={index === current ? 'accent.default' : 'border.default'}
            transition="background 0.2s"
          />
        </styled.button>
      ))}
    </styled.div>
  )
}
