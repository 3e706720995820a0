import { css } from 'styled-system/css'
import { styled } from 'styled-system/jsx'
import { Link } from 'wouter'

export function AppHeader() {
  return (
    <styled.header position="sticky" top="0" zIndex="sticky" bg="bg.default" borderBottomWidth="1px">
      <styled.div display="flex" alignItems="center" h="14" maxW="5xl" mx="auto" px={{ base: '4', md: '6' }}>
        <Wordmark />
      </styled.div>
    </styled.header>
  )
}

const wordmark = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2.5',
  borderRadius: 'l2',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '4px' },
})

function Wordmark() {
  return (
    <Link href="/" aria-label="Alpha, home" className={wordmark}>
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
