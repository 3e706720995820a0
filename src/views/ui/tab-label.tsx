import type { ReactNode } from 'react'
import { styled } from 'styled-system/jsx'

/**
 * A tab's text, a size smaller on phones: a row of four tabs (the ticker panel's, the ranking periods)
 * then fits a 390 px screen with room to spare, whatever the system font. The span sets its own size,
 * so the tabs recipe's size classes need no overriding.
 */
export function TabLabel({ children }: { readonly children: ReactNode }) {
  return <styled.span fontSize={{ base: 'xs', sm: 'inherit' }}>{children}</styled.span>
}
