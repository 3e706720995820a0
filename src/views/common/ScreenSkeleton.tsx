import { styled } from 'styled-system/jsx'
import { Skeleton } from '~/views/ui'

/** What a screen shows while its code or first data loads. */
export function ScreenSkeleton({ rows = 3 }: { readonly rows?: number }) {
  return (
    <styled.div display="flex" flexDirection="column" gap="4" aria-busy="true" aria-label="Loading">
      <Skeleton h="8" w="48" />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} h="24" w="full" />
      ))}
    </styled.div>
  )
}
