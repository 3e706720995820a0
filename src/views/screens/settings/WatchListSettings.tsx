import { useSelector } from '@xstate/react'
import { XIcon } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import { type SettingsFormMachine, selectShownSettings } from '~/machines/settings-form.machine'
import { selectTitles } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { IconButton, Text } from '~/views/ui'
import { SettingsSection } from './SettingsSection'
import { WatchListSearch } from './WatchListSearch'

/** Spec §3 settings: the watch list, titles of the universe the player follows, in their order. */
export function WatchListSettings({ form }: { readonly form: ActorRefFrom<SettingsFormMachine> }) {
  const client = useClient()
  const settings = useSelector(form, selectShownSettings)
  const titles = useSelector(client.store('titleInfo'), (snapshot) => selectTitles(snapshot.context))
  if (!settings) return null
  const nameOf = (id: number) => titles.find((title) => title.id === id)?.n ?? `Title ${id}`
  return (
    <SettingsSection id="settings-watch-list" title="Watch list" description="The titles you follow.">
      {settings.watchList.length === 0 ? (
        <Text size="sm" color="fg.muted">
          Your watch list is empty: search for a title below to add it.
        </Text>
      ) : (
        <styled.ul aria-label="Watched titles" display="flex" flexWrap="wrap" gap="2">
          {settings.watchList.map((id) => (
            <styled.li
              key={id}
              display="flex"
              alignItems="center"
              gap="1"
              pl="3"
              pr="1"
              h="8"
              borderWidth="1px"
              borderRadius="full"
              fontSize="sm"
            >
              {nameOf(id)}
              <IconButton
                aria-label={`Remove ${nameOf(id)} from the watch list`}
                variant="ghost"
                size="xs"
                borderRadius="full"
                onClick={() => form.send({ type: 'settings.watchTitleRemoved', titleId: id })}
              >
                <XIcon aria-hidden />
              </IconButton>
            </styled.li>
          ))}
        </styled.ul>
      )}
      <WatchListSearch
        titles={titles}
        listed={settings.watchList}
        onAdd={(titleId) => form.send({ type: 'settings.watchTitleAdded', titleId })}
      />
    </SettingsSection>
  )
}
