import { useSelector } from '@xstate/react'
import { CircleAlertIcon } from 'lucide-react'
import type { ActorRefFrom } from 'xstate'
import type { FormMachine } from '~/machines/form.machine'
import { selectFailure } from '~/machines/form.select'
import { Alert } from '~/views/ui'

/**
 * The spec's account error (e.g. 'Oops! We could not sign you up') with the server's reason below it,
 * announced at once (role alert) when a submission fails.
 */
export function FormFailure({
  form,
  title,
  showReason = true,
  unless,
}: {
  readonly form: ActorRefFrom<FormMachine>
  readonly title: string
  /** false when the title says all (the reason is technical) */
  readonly showReason?: boolean
  /** a failure code the page explains in its own way (e.g. 'invalid_link') */
  readonly unless?: string
}) {
  const failure = useSelector(form, selectFailure)
  if (!failure || failure.code === unless) return null
  return (
    <Alert.Root role="alert" colorPalette="red">
      <Alert.Icon asChild color="fg.error">
        <CircleAlertIcon aria-hidden />
      </Alert.Icon>
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {showReason && failure.message !== title ? (
          <Alert.Description>{failure.message}</Alert.Description>
        ) : null}
      </Alert.Content>
    </Alert.Root>
  )
}
