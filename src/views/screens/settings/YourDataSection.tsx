import { useActorRef, useSelector } from '@xstate/react'
import { DownloadIcon } from 'lucide-react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { provideDataDownload } from '~/actors/data-download.actors'
import { dataDownloadMachine } from '~/machines/data-download.machine'
import { selectOutput, selectSubmitting, selectSucceeded } from '~/machines/form.select'
import { FormFailure } from '~/views/auth/FormFailure'
import { MachineForm } from '~/views/auth/MachineForm'
import { useClient } from '~/views/client-context'
import { Button, Spinner } from '~/views/ui'
import { SettingsSection } from './SettingsSection'

/**
 * A copy of everything the game keeps about the player, as one JSON file the browser saves. A refusal
 * shows here with the button to try again; a saved file names itself.
 */
export function YourDataSection() {
  const client = useClient()
  const logic = useMemo(() => provideDataDownload(dataDownloadMachine, client.effects), [client])
  const form = useActorRef(logic, { input: {} })
  const submitting = useSelector(form, selectSubmitting)
  const saved = useSelector(form, (snapshot) =>
    selectSucceeded(snapshot) ? selectOutput(snapshot) : undefined,
  )
  return (
    <SettingsSection
      id="settings-your-data"
      title="Your data"
      description="A copy of everything Alpha keeps about you: your account, devices, groups, invitations and trophies, and every prediction, bet and transaction, as one JSON file."
    >
      <MachineForm form={form} label="Your data">
        <FormFailure form={form} title="Your data was not downloaded" />
        <Button
          type="submit"
          variant="outline"
          alignSelf="flex-start"
          disabled={submitting}
          // a second download starts the form over
          onClick={() => {
            if (saved !== undefined) form.send({ type: 'form.reset' })
          }}
        >
          {submitting ? <Spinner size="sm" aria-hidden colorPalette="gray" /> : <DownloadIcon aria-hidden />}
          Download your data
        </Button>
        <styled.p role="status" fontSize="sm" color="fg.muted">
          {typeof saved === 'string' ? `Saved as ${saved}.` : ''}
        </styled.p>
      </MachineForm>
    </SettingsSection>
  )
}
