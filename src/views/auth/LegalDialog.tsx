import { lazy, Suspense } from 'react'
import { useOnDemandDialog } from '~/views/common/on-demand-dialog'
import { Button } from '~/views/ui'
import { type LegalKind, legalTexts } from './legal-texts'

const loadContent = () => import('./LegalDialogContent')
const LegalDialogContent = lazy(async () => ({ default: (await loadContent()).LegalDialogContent }))

/** An inline link-styled button that opens the terms or the imprint in a dialog (no page of its own). */
export function LegalDialog({ kind }: { readonly kind: LegalKind }) {
  const { mounted, dialog, trigger } = useOnDemandDialog(loadContent)
  return (
    <>
      <Button
        type="button"
        variant="link"
        size="sm"
        h="auto"
        p="0"
        verticalAlign="baseline"
        textDecoration="underline"
        {...trigger}
      >
        {legalTexts[kind].link}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <LegalDialogContent kind={kind} {...dialog} />
        </Suspense>
      )}
    </>
  )
}
