import { useSelector } from '@xstate/react'
import { XIcon } from 'lucide-react'
import { selectIsUnknownTitle } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { PriceWithChange } from '~/views/prices/PriceWithChange'
import { Drawer, IconButton, Portal } from '~/views/ui'
import { TickerPanel } from './TickerPanel'
import { TickerPanelTitle } from './TickerPanelTitle'
import { useOpenTitle } from './title-param'
import { UnknownTitle } from './UnknownTitle'

/**
 * The per-ticker panel, rendered once by the main layout: open while the address has `?title=<id>`
 * (see TitleLink), closed by Escape, the close button or Back.
 */
export function TickerPanelHost() {
  const { titleId, badId, close } = useOpenTitle()
  const client = useClient()
  const unknown = useSelector(
    client.store('titleInfo'),
    (snapshot) => titleId !== undefined && selectIsUnknownTitle(snapshot.context, titleId),
  )
  return (
    <Drawer.Root
      open={titleId !== undefined || badId !== undefined}
      onOpenChange={(details) => details.open || close()}
    >
      <Portal>
        <Drawer.Backdrop />
        {/* the positioner sets the width: the recipe's 24rem there would squeeze a wider content (a flex item)
            and hide the last tab */}
        <Drawer.Positioner w={{ base: 'full', sm: '34rem', lg: '40rem' }} maxW="100vw">
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>
                {titleId !== undefined ? <TickerPanelTitle titleId={titleId} /> : 'No such title'}
              </Drawer.Title>
              {titleId !== undefined && !unknown && <PriceWithChange titleId={titleId} />}
              <Drawer.CloseTrigger asChild position="absolute" top="3" right="4">
                <IconButton aria-label="Close ticker panel" variant="ghost" size="sm">
                  <XIcon aria-hidden />
                </IconButton>
              </Drawer.CloseTrigger>
            </Drawer.Header>
            <Drawer.Body>
              {/* a new title starts its loaders afresh */}
              {badId !== undefined && <UnknownTitle titleId={badId} />}
              {titleId !== undefined &&
                (unknown ? (
                  <UnknownTitle titleId={titleId} />
                ) : (
                  <TickerPanel key={titleId} titleId={titleId} />
                ))}
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
