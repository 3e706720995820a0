import { useSelector } from '@xstate/react'
import { ChevronDownIcon, LogOutIcon, SettingsIcon, UserIcon, UserPlusIcon } from 'lucide-react'
import { useState } from 'react'
import { styled } from 'styled-system/jsx'
import { Link } from 'wouter'
import { selectUser } from '~/machines/session.select'
import { useClient } from '~/views/client-context'
import { InvitationsDialog } from '~/views/invitations/InvitationsDialog'
import { Button, Menu, Portal } from '~/views/ui'
import { UserInfoDialog } from '~/views/user/UserInfoDialog'
import { rankText } from './account-texts'
import { BadgeList } from './BadgeList'
import { UserAvatar } from './UserAvatar'

/**
 * Spec §2 account menu: who is signed in, rank and live rank, badges; the player's own user info
 * dialog, 'Invite friends' (links to sign up), the settings and 'Log out'. The summary heads the menu; its items are the actions.
 */
export function AccountMenu() {
  const client = useClient()
  const user = useSelector(client.session, selectUser)
  const [profileOpen, setProfileOpen] = useState(false)
  const [inviteOpen, setInviteOpen] = useState(false)
  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onSelect={({ value }) => {
          if (value === 'profile') setProfileOpen(true)
          if (value === 'invite') setInviteOpen(true)
          if (value === 'logout') client.logout()
        }}
      >
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" px="1.5" aria-label={`Account menu of ${user.username}`}>
            <UserAvatar username={user.username} />
            {/* the name when the header has room: not beside the 1024 px header's navigation */}
            <styled.span
              display={{ base: 'none', sm: 'inline', md: 'none', lg: 'inline' }}
              maxW="32"
              truncate
            >
              {user.username}
            </styled.span>
            <ChevronDownIcon aria-hidden />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            {/* a set width: sized by its longest line it outgrew the place it had been positioned for */}
            <Menu.Content w="80" maxW="calc(100vw - 2rem)">
              <styled.div px="3" py="2" display="flex" flexDirection="column" gap="2">
                <styled.div display="flex" alignItems="center" gap="2">
                  <UserAvatar username={user.username} size="md" />
                  <div>
                    <styled.p fontWeight="semibold">{user.username}</styled.p>
                    <styled.p fontSize="xs" color="fg.muted">
                      {rankText('Last week', user.rank)} · {rankText('This week', user.liveRank)}
                    </styled.p>
                  </div>
                </styled.div>
                {'userBadges' in user ? <BadgeList badges={user.userBadges} /> : null}
              </styled.div>
              <Menu.Separator />
              <Menu.Item value="profile">
                <UserIcon aria-hidden />
                Your profile
              </Menu.Item>
              <Menu.Item value="invite">
                <UserPlusIcon aria-hidden />
                Invite friends
              </Menu.Item>
              <Menu.Item value="settings" asChild>
                <Link href="/settings">
                  <SettingsIcon aria-hidden />
                  Settings
                </Link>
              </Menu.Item>
              <Menu.Separator />
              <Menu.Item value="logout">
                <LogOutIcon aria-hidden />
                Log out
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <UserInfoDialog userId={user.id} open={profileOpen} onOpenChange={setProfileOpen} />
      <InvitationsDialog open={inviteOpen} onOpenChange={setInviteOpen} />
    </>
  )
}
