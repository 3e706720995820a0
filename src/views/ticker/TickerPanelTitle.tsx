import { useSelector } from '@xstate/react'
import { titleLabel } from '~/domain/title-label'
import { selectTitleName } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'

/** The panel's heading: the title's name, or its id while the titles load. */
export function TickerPanelTitle({ titleId }: { readonly titleId: number }) {
  const client = useClient()
  const name = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleName(snapshot.context, titleId),
  )
  return <>{titleLabel(titleId, name)}</>
}
