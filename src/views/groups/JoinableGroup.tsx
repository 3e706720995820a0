import type { ReactNode } from 'react'
import { styled } from 'styled-system/jsx'
import type { Group } from '~/api/groups'
import { useClient } from '~/views/client-context'
import { Button } from '~/views/ui'
import { GroupSummary } from './GroupSummary'

export interface JoinableGroupProps {
  readonly group: Group
  /** a change of some group is on its way: no second one until it is done */
  readonly busy: boolean
  /** this group's change is the one on its way */
  readonly changing?: boolean
  readonly joinVariant?: 'solid' | 'outline'
  /** more actions after Join (an invitation's Decline) */
  readonly children?: ReactNode
}

/** A group the player may join (a public group, an invitation): its summary and a Join button. */
export function JoinableGroup({
  group,
  busy,
  changing,
  joinVariant = 'solid',
  children,
}: JoinableGroupProps) {
  const client = useClient()
  return (
    <styled.li display="flex" alignItems="center" gap="3" flexWrap="wrap" aria-busy={changing || undefined}>
      <GroupSummary group={group} withActions />
      <styled.div display="flex" gap="2">
        <Button
          size="sm"
          variant={joinVariant}
          disabled={busy}
          aria-label={`Join ${group.name}`}
          onClick={() => client.joinGroup({ id: group.id, name: group.name })}
        >
          Join
        </Button>
        {children}
      </styled.div>
    </styled.li>
  )
}
