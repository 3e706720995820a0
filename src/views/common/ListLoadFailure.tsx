import { CircleAlertIcon, RotateCwIcon } from 'lucide-react'
import { Alert, Button } from '~/views/ui'

export interface ListLoadFailureProps {
  /** the spec's fetch-error text of the list (§8), e.g. 'Error fetching transactions!' */
  readonly text: string
  /** loads the list again now (it also retries on its own) */
  readonly onRetry: () => void
  /**
   * the list is still shown from an earlier load: a small notice above it instead of the failure in
   * its place @default false
   */
  readonly stale?: boolean
}

/**
 * A list that could not be loaded: where it would be, announced at once, with Retry; above a list kept
 * from an earlier load, a small polite notice that refreshing it failed.
 */
export function ListLoadFailure({ text, onRetry, stale = false }: ListLoadFailureProps) {
  return (
    <Alert.Root
      role={stale ? 'status' : 'alert'}
      colorPalette="down"
      display="flex"
      alignItems="center"
      gap="3"
      flexWrap="wrap"
      py={stale ? '2' : undefined}
    >
      <Alert.Icon asChild>
        <CircleAlertIcon aria-hidden />
      </Alert.Icon>
      <Alert.Content flex="1">
        <Alert.Title>{stale ? `Could not refresh. ${text}` : text}</Alert.Title>
      </Alert.Content>
      <Button type="button" size="sm" variant="outline" onClick={onRetry}>
        <RotateCwIcon aria-hidden /> Retry
      </Button>
    </Alert.Root>
  )
}
