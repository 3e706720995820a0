import { DownloadIcon } from 'lucide-react'
import { playerDataPath } from '~/api/player-data'
import { Button } from '~/views/ui'
import { SettingsSection } from './SettingsSection'

/**
 * A copy of everything the game keeps about the player, as one JSON file: a plain link, so the browser
 * downloads it with the session's cookie and saves it where the player chooses.
 */
export function YourDataSection() {
  return (
    <SettingsSection
      id="settings-your-data"
      title="Your data"
      description="A copy of everything Alpha keeps about you: your account, devices, groups, invitations and trophies, and every prediction, bet and transaction, as one JSON file."
    >
      <Button asChild variant="outline" alignSelf="flex-start">
        <a href={playerDataPath} download>
          <DownloadIcon aria-hidden />
          Download your data
        </a>
      </Button>
    </SettingsSection>
  )
}
