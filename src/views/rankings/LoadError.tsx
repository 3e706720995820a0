import { Alert, Button } from '~/views/ui'

export interface LoadErrorProps {
  /** the spec's text of the failed load */
  readonly message: string
  /** offers a 'Try again' button when given */
  readonly onRetry?: () => void
}

/** A failed load where its content would be, announced at once, with a way to try again. */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  return (
    <Alert.Root role="alert" display="flex" alignItems="center" gap="3" flexWrap="wrap">
      <Alert.Content flex="1">
        <Alert.Title>{message}</Alert.Title>
      </Alert.Content>
      {onRetry && (
        <Button type="button" size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert.Root>
  )
}
