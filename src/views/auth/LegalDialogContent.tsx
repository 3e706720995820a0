import type { OnDemandDialogProps } from '~/views/common/on-demand-dialog'
import { Dialog, DialogCloseButton, Portal, Text } from '~/views/ui'
import { type LegalKind, legalTexts } from './legal-texts'

/** The terms or the imprint in a dialog (loaded when its link is first pressed: LegalDialog). */
export function LegalDialogContent({ kind, ...dialog }: OnDemandDialogProps & { readonly kind: LegalKind }) {
  const texts = legalTexts[kind]
  return (
    <Dialog.Root {...dialog}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            p="6"
            w="full"
            maxW={{ base: 'calc(100vw - 2rem)', sm: 'lg' }}
            maxH="85dvh"
            overflowY="auto"
          >
            <Dialog.Title mb="4">{texts.title}</Dialog.Title>
            {texts.paragraphs.map((paragraph) => (
              <Text key={paragraph} mb="3" color="fg.muted">
                {paragraph}
              </Text>
            ))}
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
