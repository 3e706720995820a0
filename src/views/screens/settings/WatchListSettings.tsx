import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { titleLabel } from '~/domain/title-label'
import { type SettingsFormMachine, selectShownSettings } from '~/machines/settings-form.machine'
import { selectTitles } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { PriceWithChange } from '~/views/prices/PriceWithChange'
import { TitleChips } from '~/views/titles/TitleChips'
import { TitleSearch } from '~/views/titles/TitleSearch'
import { Text } from '~/views/ui'
import { SettingsSection } from './SettingsSection'

/** Spec §3 settings: the watch list, titles of the universe the player follows, in their order. */
export function WatchListSettings({ form }: { readonly form: ActorRefFrom<SettingsFormMachine> }) {
  const client = useClient()
  const settings = useSelector(form, selectShownSettings)
  const titles = useSelector(client.store('titleInfo'), (snapshot) => selectTitles(snapshot.context))
  if (!settings) return null
  const nameOf = (id: number) => titleLabel(id, titles.find((title) => title.id === id)?.n)
  return (
    <SettingsSection id="settings-watch-list" title="Watch list" description="The titles you follow.">
      {settings.watchList.length === 0 ? (
        <Text size="sm" color="fg.muted">
          Your watch list is empty: search for a title below to add it.
        </Text>
      ) : (
        <TitleChips
          titleIds={settings.watchList}
          nameOf={nameOf}
          label="Watched titles"
          removeLabel={(name) => `Remove ${name} from the watch list`}
          onRemove={(titleId) => form.send({ type: 'settings.watchTitleRemoved', titleId })}
          detail={(titleId) => <PriceWithChange titleId={titleId} />}
        />
      )}
      <TitleSearch
        titles={titles}
        listed={settings.watchList}
        onAdd={(titleId) => form.send({ type: 'settings.watchTitleAdded', titleId })}
      />
    </SettingsSection>
  )
}
