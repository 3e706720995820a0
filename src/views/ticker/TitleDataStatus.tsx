import { RotateCwIcon } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import { Alert, Button, Skeleton } from '~/views/ui'

/** Placeholder rows while a tab's data loads; the region says it is busy. */
export function TitleDataSkeleton({ rows = 6, label }: { readonly rows?: number; readonly label: string }) {
  return (
    <styled.div aria-busy="true" display="grid" gap="3" py="2">
      <styled.span srOnly>{label}</styled.span>
      {Array.from({ length: rows }, (_, row) => `row-${row}`).map((key) => (
        <Skeleton key={key} h="5" />
      ))}
    </styled.div>
  )
}

/** A failed load: the spec's text and a way to try again. */
export function TitleDataFailure({
  message,
  onRetry,
}: {
  readonly message: string
  readonly onRetry: () => void
}) {
  return (
    <Alert.Root role="alert" colorPalette="down" my="2">
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        <Alert.Description>
          <Button variant="outline" size="sm" mt="2" onClick={onRetry}>
            <RotateCwIcon aria-hidden /> Try again
          </Button>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
