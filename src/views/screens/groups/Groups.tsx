import { useState } from 'react'
import { Grid, Stack, styled } from 'styled-system/jsx'
import { ActiveGroupCard } from '~/views/groups/ActiveGroupCard'
import { GroupFormDialog } from '~/views/groups/GroupFormDialog'
import { Invitations } from '~/views/groups/Invitations'
import { MyGroups } from '~/views/groups/MyGroups'
import { PublicGroups } from '~/views/groups/PublicGroups'
import { Button, Heading } from '~/views/ui'

/**
 * Spec §2 /groups, the group overview: the active group, invitations to join or decline, the player's
 * groups, public groups to join.
 */
export function Groups() {
  const [creating, setCreating] = useState(false)
  return (
    <Stack gap="6">
      <styled.div display="flex" justifyContent="space-between" alignItems="center" gap="3" flexWrap="wrap">
        <Heading as="h1" size="2xl">
          Groups
        </Heading>
        <Button type="button" aria-haspopup="dialog" onClick={() => setCreating(true)}>
          Create group
        </Button>
      </styled.div>
      <Grid gap="6" columns={{ base: 1, md: 2 }} alignItems="start">
        <ActiveGroupCard />
        <Stack gap="6">
          <Invitations />
          <MyGroups />
          <PublicGroups />
        </Stack>
      </Grid>
      <GroupFormDialog open={creating} onOpenChange={setCreating} />
    </Stack>
  )
}
