import { CircleAlertIcon } from 'lucide-react'
import { Alert, Button } from '~/views/ui'

/** A failed load's spec text (e.g. 'Error fetching transactions!'), announced, with 'Try again'. */
export function LoadFailure({ text, onRetry }: { readonly text: string; readonly onRetry: () => void }) {
  return (
    <Alert.Root role="alert" colorPalette="down">
      <Alert.Icon asChild>
        <CircleAlertIcon aria-hidden />
      </Alert.Icon>
      <Alert.Content>
        <Alert.Title>{text}</Alert.Title>
        <Alert.Description>
          <Button variant="link" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
