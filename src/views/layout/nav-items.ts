import {
  ChartNoAxesColumn,
  CircleHelp,
  LayoutDashboard,
  type LucideIcon,
  Radio,
  Trophy,
  Users,
} from 'lucide-react'

export interface NavItem {
  readonly href: string
  readonly label: string
  readonly icon: LucideIcon
}

/** The main layout's destinations (spec §2), in the order the header and the tab bar show them. */
export const navItems: readonly NavItem[] = [
  { href: '/', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/livestream', label: 'Live stream', icon: Radio },
  { href: '/polls', label: 'Polls', icon: ChartNoAxesColumn },
  { href: '/rankings', label: 'Rankings', icon: Trophy },
  { href: '/groups', label: 'Groups', icon: Users },
  { href: '/faq', label: 'FAQ', icon: CircleHelp },
]

/** A destination is current on its own path and below it ('/' only on itself). */
export const isCurrent = (href: string, location: string) =>
  href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`)
