import { Alert } from '~/views/ui'

/** An address whose `?title=` names no title of the universe: said plainly, with nothing to retry. */
export function UnknownTitle({ titleId }: { readonly titleId: number | string }) {
  // a number is an id of no title; a text is no id at all
  const named = typeof titleId === 'number' ? `#${titleId}` : `“${titleId}”`
  return (
    <Alert.Root role="alert" my="2">
      <Alert.Content>
        <Alert.Title>No such title</Alert.Title>
        <Alert.Description>
          There is no title {named}. Open one from the live stream, a poll or your watch list.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
