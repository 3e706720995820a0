import { Onboarding } from '~/views/auth/Onboarding'

/** /account/signin: the onboarding page (a signed-in visitor is sent on by the route guard). */
export function SignIn() {
  return <Onboarding />
}
