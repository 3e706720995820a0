import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import { titleLabel } from '~/domain/title-label'
import { type GroupFormMachine, selectDraft } from '~/machines/group-form.machine'
import { selectTitles } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { TitleChips } from '~/views/titles/TitleChips'
import { TitleSearch } from '~/views/titles/TitleSearch'
import { Text } from '~/views/ui'

/**
 * An event's titles: only predictions and polls on them count in its ranking (every title while none
 * is chosen). Chosen with the watch list's search; each chip takes its title out again.
 */
export function EventTitles({ form }: { readonly form: ActorRefFrom<GroupFormMachine> }) {
  const client = useClient()
  const chosen = useSelector(form, (snapshot) => selectDraft(snapshot).titleRestrictions)
  const titles = useSelector(client.store('titleInfo'), (snapshot) => selectTitles(snapshot.context))
  const nameOf = (id: number) => titleLabel(id, titles.find((title) => title.id === id)?.n)
  return (
    <styled.div
      role="group"
      aria-labelledby="event-titles-label"
      display="flex"
      flexDirection="column"
      gap="2"
    >
      <Text id="event-titles-label" size="sm" fontWeight="medium">
        Titles that count
      </Text>
      {chosen.length === 0 ? (
        <Text size="sm" color="fg.muted">
          Every title counts. Add titles to count only those.
        </Text>
      ) : (
        <TitleChips
          titleIds={chosen}
          nameOf={nameOf}
          label="Event titles"
          removeLabel={(name) => `Remove ${name} from the event`}
          onRemove={(titleId) => form.send({ type: 'groupForm.removeTitle', titleId })}
        />
      )}
      <TitleSearch
        titles={titles}
        listed={chosen}
        label="Add a title to the event"
        onAdd={(titleId) => form.send({ type: 'groupForm.addTitle', titleId })}
      />
    </styled.div>
  )
}
