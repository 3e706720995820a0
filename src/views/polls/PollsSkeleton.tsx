import { styled } from 'styled-system/jsx'
import { Skeleton } from '~/views/ui'

/** Placeholder cards while the polls load for the first time. */
export function PollsSkeleton({ cards = 2 }: { readonly cards?: number }) {
  return (
    <styled.div
      aria-busy="true"
      display="grid"
      gap="4"
      gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }}
    >
      <styled.span srOnly>Loading polls…</styled.span>
      {Array.from({ length: cards }, (_, card) => `card-${card}`).map((key) => (
        <Skeleton key={key} h="44" borderRadius="l3" />
      ))}
    </styled.div>
  )
}
