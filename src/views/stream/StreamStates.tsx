import { styled } from 'styled-system/jsx'
import { Button, Skeleton } from '~/views/ui'

/** Placeholder rows while the stream's first messages load. */
export function StreamSkeleton({ rows = 4 }: { readonly rows?: number }) {
  return (
    <styled.div aria-busy="true" display="flex" flexDirection="column" gap="3" py="2">
      <styled.span srOnly>Loading messages</styled.span>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <styled.div key={index} display="flex" gap="3">
          <Skeleton h="8" w="8" borderRadius="full" flexShrink="0" />
          <styled.div flex="1" display="flex" flexDirection="column" gap="2">
            <Skeleton h="3" w="40%" />
            <Skeleton h="10" w="full" />
          </styled.div>
        </styled.div>
      ))}
    </styled.div>
  )
}

/** Said when the stream is empty or could not be loaded. */
export function StreamEmpty({ failed, onRetry }: { readonly failed: boolean; readonly onRetry: () => void }) {
  return (
    <styled.div py="8" textAlign="center" display="flex" flexDirection="column" alignItems="center" gap="2">
      <styled.p fontWeight="semibold">{failed ? 'Messages could not be loaded' : 'No messages yet'}</styled.p>
      <styled.p fontSize="sm" color="fg.muted" maxW="sm">
        {failed
          ? 'Check your connection and try again.'
          : 'New messages about the titles of the game appear here as they are posted.'}
      </styled.p>
      {failed ? (
        <Button type="button" size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </styled.div>
  )
}
