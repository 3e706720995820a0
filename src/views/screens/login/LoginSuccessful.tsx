import { Onboarding } from '~/views/auth/Onboarding'

/**
 * /account/login-successful: the onboarding page too (spec §2). A signed-in visitor never sees it: the
 * route guard sends them on to the index.
 */
export function LoginSuccessful() {
  return <Onboarding />
}
