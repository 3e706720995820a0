import { TriangleAlertIcon } from 'lucide-react'
import { Link as RouterLink } from 'wouter'
import { loginRoute } from '~/machines/session.routes'
import { Alert, Link } from '~/views/ui'

/** An e-mail link that cannot be used (expired, incomplete, used): why, and the way on. */
export function LinkProblem({ title, text }: { readonly title: string; readonly text: string }) {
  return (
    <Alert.Root role="alert" colorPalette="red">
      <Alert.Icon asChild color="fg.error">
        <TriangleAlertIcon aria-hidden />
      </Alert.Icon>
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          {text}{' '}
          <Link asChild>
            <RouterLink href={loginRoute}>Go to sign in</RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
