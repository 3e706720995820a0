import { useSelector } from '@xstate/react'
import { RefreshCwIcon, RotateCwIcon } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import {
  selectApplying,
  selectCanCheck,
  selectCheckFailed,
  selectChecking,
  selectFailed,
  selectUnsupported,
  selectUpdateAvailable,
  selectUpToDate,
} from '~/machines/service-worker.select'
import { serviceWorkerNotices } from '~/machines/service-worker.types'
import { useClient } from '~/views/client-context'
import { Button, Spinner } from '~/views/ui'
import { SettingsSection } from './SettingsSection'

/** Spec §2 settings: 'Check for update' through the app's service worker, and 'Reload'. */
export function AppUpdateSection() {
  const { serviceWorker } = useClient()
  const canCheck = useSelector(serviceWorker, selectCanCheck)
  const checking = useSelector(serviceWorker, selectChecking)
  const updateAvailable = useSelector(serviceWorker, selectUpdateAvailable)
  const applying = useSelector(serviceWorker, selectApplying)
  const upToDate = useSelector(serviceWorker, selectUpToDate)
  const checkFailed = useSelector(serviceWorker, selectCheckFailed)
  const failed = useSelector(serviceWorker, selectFailed)
  const unsupported = useSelector(serviceWorker, selectUnsupported)
  const status = checking
    ? 'Checking for updates…'
    : applying
      ? 'Updating: the page reloads in a moment…'
      : updateAvailable
        ? 'A new version is ready.'
        : upToDate
          ? 'You are using the latest version.'
          : checkFailed
            ? 'Could not check for updates. Please try again later.'
            : failed
              ? serviceWorkerNotices.registrationFailed.message
              : unsupported
                ? 'Updates arrive when you reload the page.'
                : ''
  return (
    <SettingsSection id="settings-app" title="App" description="Get the newest version of Alpha.">
      <styled.p role="status" fontSize="sm" display="flex" alignItems="center" gap="2" minH="5">
        {checking || applying ? <Spinner size="xs" aria-hidden /> : null}
        {status}
      </styled.p>
      <styled.div display="flex" flexWrap="wrap" gap="3">
        {updateAvailable ? (
          <Button onClick={() => serviceWorker.send({ type: 'serviceWorker.apply' })}>
            <RotateCwIcon aria-hidden />
            Reload to update
          </Button>
        ) : (
          <Button
            variant="outline"
            disabled={!canCheck}
            aria-busy={checking}
            onClick={() => serviceWorker.send({ type: 'serviceWorker.check' })}
          >
            <RefreshCwIcon aria-hidden />
            Check for update
          </Button>
        )}
        {/* a plain reload: the player's way out of a stuck page, whatever the worker says */}
        <Button variant="outline" onClick={() => serviceWorker.send({ type: 'serviceWorker.reload' })}>
          <RotateCwIcon aria-hidden />
          Reload
        </Button>
      </styled.div>
    </SettingsSection>
  )
}
