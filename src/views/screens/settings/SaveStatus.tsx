import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import {
  type SettingsFormMachine,
  selectSettingsError,
  selectSettingsFetchFailed,
  selectSettingsSaving,
} from '~/machines/settings-form.machine'
import { Spinner } from '~/views/ui'

/** Says, politely, that a change is being saved, or the spec's 'Error saving settings'. */
export function SaveStatus({ form }: { readonly form: ActorRefFrom<SettingsFormMachine> }) {
  const saving = useSelector(form, selectSettingsSaving)
  const error = useSelector(form, selectSettingsError)
  const fetchFailed = useSelector(form, selectSettingsFetchFailed)
  return (
    <styled.p
      role="status"
      fontSize="sm"
      display="flex"
      alignItems="center"
      gap="2"
      minH="6"
      color={error ? 'down.text' : 'fg.muted'}
    >
      {saving ? (
        <>
          <Spinner size="xs" aria-hidden />
          Saving…
        </>
      ) : !fetchFailed && error ? (
        error
      ) : null}
    </styled.p>
  )
}
