import { css } from 'styled-system/css'
import { styled } from 'styled-system/jsx'
import { Link, useLocation } from 'wouter'
import { isCurrent, navItems } from './nav-items'

/** The destinations as list items, the current page's marked (aria-current) for screen readers and styles. */
function NavItems({
  className,
  iconSize,
  iconClassName,
}: {
  readonly className: string
  readonly iconSize: number
  readonly iconClassName?: string
}) {
  const [location] = useLocation()
  return navItems.map((item) => (
    <li key={item.href}>
      <Link
        href={item.href}
        className={className}
        aria-current={isCurrent(item.href, location) ? 'page' : undefined}
      >
        <item.icon size={iconSize} className={iconClassName} aria-hidden />
        {item.label}
      </Link>
    </li>
  ))
}

const link = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  h: '9',
  borderRadius: 'l2',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  _hover: { color: 'fg.default', bg: 'gray.a3' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
  '&[aria-current=page]': { color: 'fg.default', bg: 'gray.a3' },
})

// from 1024 to 1439 px the header has no room for the icons beside the labels
const headerIcon = css({ display: { base: 'none', lg: 'inline' } })

/** The header's navigation on wide screens (from the 1024 px breakpoint). */
export function MainNav() {
  return (
    <styled.nav aria-label="Main" display={{ base: 'none', md: 'block' }}>
      <styled.ul display="flex" gap="1">
        <NavItems className={link} iconSize={16} iconClassName={headerIcon} />
      </styled.ul>
    </styled.nav>
  )
}

const tab = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5',
  h: '14',
  fontSize: '2xs',
  fontWeight: 'medium',
  color: 'fg.muted',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
  '&[aria-current=page]': { color: 'accent.text' },
})

/** The same destinations as a bottom tab bar on phones and tablets (below 1024 px). */
export function TabBar() {
  return (
    <styled.nav
      aria-label="Main"
      display={{ base: 'block', md: 'none' }}
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="sticky"
      bg="bg.default"
      borderTopWidth="1px"
      pb="env(safe-area-inset-bottom)"
    >
      <styled.ul display="grid" gridTemplateColumns="repeat(6, 1fr)">
        <NavItems className={tab} iconSize={20} />
      </styled.ul>
    </styled.nav>
  )
}
