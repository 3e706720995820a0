import { css } from 'styled-system/css'
import { styled } from 'styled-system/jsx'
import { Link } from 'wouter'

const wordmark = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2.5',
  borderRadius: 'l2',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '4px' },
})

/** The app's name and mark, a link home. */
export function Wordmark() {
  return (
    <Link href="/" className={wordmark}>
      <styled.span
        aria-hidden
        display="grid"
        placeItems="center"
        boxSize="8"
        borderRadius="l2"
        bg="accent.default"
        color="accent.fg"
        fontFamily="serif"
        fontSize="xl"
        fontStyle="italic"
        lineHeight="1"
      >
        α
      </styled.span>
      <styled.span fontSize="lg" fontWeight="bold" letterSpacing="-0.02em" color="fg.default">
        Alpha
      </styled.span>
    </Link>
  )
}
