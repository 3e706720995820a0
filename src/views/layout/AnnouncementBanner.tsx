import { useActorRef, useSelector } from '@xstate/react'
import { MegaphoneIcon, XIcon } from 'lucide-react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { provideAnnouncement } from '~/actors/announcement.actors'
import { announcementMachine, selectShownAnnouncement } from '~/machines/announcement.machine'
import { useClient } from '~/views/client-context'
import { IconButton } from '~/views/ui'

/**
 * The operator's announcement (maintenance, a new season) in a bar under the header, on every page
 * until it ends or the player dismisses it in this browser.
 */
export function AnnouncementBanner() {
  const client = useClient()
  const logic = useMemo(() => provideAnnouncement(announcementMachine, client.effects), [client])
  const actor = useActorRef(logic, { input: {} })
  const announcement = useSelector(actor, selectShownAnnouncement)
  if (!announcement) return null
  return (
    <styled.section
      aria-label="Announcement"
      colorPalette="accent"
      bg="colorPalette.3"
      color="fg.default"
      borderBottomWidth="1px"
      borderColor="colorPalette.6"
    >
      <styled.div
        display="flex"
        alignItems="center"
        gap="3"
        maxW="7xl"
        mx="auto"
        px={{ base: '4', md: '6' }}
        py="2"
      >
        <styled.span color="colorPalette.11" flexShrink="0" display="flex">
          <MegaphoneIcon size={18} aria-hidden />
        </styled.span>
        <styled.p flex="1" minW="0" fontSize="sm" fontWeight="medium" overflowWrap="anywhere">
          {announcement.text}
        </styled.p>
        <IconButton
          aria-label="Dismiss the announcement"
          variant="ghost"
          size="xs"
          onClick={() => actor.send({ type: 'announcement.dismiss' })}
        >
          <XIcon />
        </IconButton>
      </styled.div>
    </styled.section>
  )
}
