import type { ReactNode } from 'react'
import { styled } from 'styled-system/jsx'

export interface Fact {
  readonly label: string
  readonly value: ReactNode
}

/** Label and value pairs as a description list, two columns from the smallest phones up. */
export function FactList({ facts, label }: { readonly facts: readonly Fact[]; readonly label?: string }) {
  return (
    <styled.dl
      aria-label={label}
      display="grid"
      gridTemplateColumns="minmax(0, 1fr) auto"
      columnGap="4"
      rowGap="2"
      textStyle="sm"
    >
      {facts.map((fact) => (
        <styled.div key={fact.label} display="contents">
          <styled.dt color="fg.muted">{fact.label}</styled.dt>
          <styled.dd textAlign="end" fontVariantNumeric="tabular-nums" fontWeight="medium">
            {fact.value}
          </styled.dd>
        </styled.div>
      ))}
    </styled.dl>
  )
}
