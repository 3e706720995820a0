import { lazy, Suspense } from 'react'
import { useOnDemandDialog } from '~/views/common/on-demand-dialog'
import { Button } from '~/views/ui'
import { accountTexts } from './account-texts'

const loadContent = () => import('./ForgotPasswordDialogContent')
const ForgotPasswordDialogContent = lazy(async () => ({
  default: (await loadContent()).ForgotPasswordDialogContent,
}))

/** 'Forgot your password?': a dialog asking for the address to send instructions to. */
export function ForgotPasswordDialog() {
  const { mounted, dialog, trigger } = useOnDemandDialog(loadContent)
  return (
    <>
      <Button type="button" variant="link" size="sm" {...trigger}>
        {accountTexts.forgotPassword}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ForgotPasswordDialogContent {...dialog} />
        </Suspense>
      )}
    </>
  )
}
