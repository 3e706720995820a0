import type { ReactNode } from 'react'
import { styled } from 'styled-system/jsx'

/** A wide table's horizontal scroller on phones: focusable and named, so keyboard users can scroll it. */
export function ScrollRegion({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <styled.div
      role="region"
      aria-label={label}
      tabIndex={0}
      overflowX="auto"
      borderWidth="1px"
      borderRadius="l2"
    >
      {children}
    </styled.div>
  )
}
