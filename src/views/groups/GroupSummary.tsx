import { styled } from 'styled-system/jsx'
import type { Group } from '~/api/groups'
import { formatDateTime } from '~/domain/date-format'
import { formatTtc } from '~/domain/number-format'
import { Badge, Text } from '~/views/ui'
import { GroupAvatar } from './GroupAvatar'

/** A group's avatar, name, kind and size, as every group list shows it. */
export function GroupSummary({
  group,
  active = false,
  withActions = false,
}: {
  readonly group: Group
  readonly active?: boolean
  /** it shares a wrapping row with buttons: it keeps 14rem, and the buttons go below it when both do not fit */
  readonly withActions?: boolean
}) {
  return (
    <styled.div display="flex" alignItems="center" gap="3" minW="0" flex={withActions ? '1 1 14rem' : '1'}>
      <GroupAvatar name={group.name} avatarUrl={group.avatarUrl} />
      <styled.div minW="0">
        <styled.div display="flex" alignItems="center" gap="2" flexWrap="wrap">
          <styled.span fontWeight="semibold" truncate>
            {group.name}
          </styled.span>
          {active && <Badge colorPalette="accent">Active</Badge>}
          <Badge variant="outline">{group.publicGroup ? 'Public' : 'Private'}</Badge>
          {group.type === 'event' && <Badge variant="outline">Event</Badge>}
          {group.memberStatus === 'invited' && <Badge variant="outline">Invited</Badge>}
        </styled.div>
        <Text as="span" textStyle="xs" color="fg.muted">
          {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
          {group.endTime !== null && ` · ends ${formatDateTime(group.endTime)}`}
          {group.extraPrize > 0 && ` · prize ${formatTtc(group.extraPrize)}`}
          {group.titleRestrictions.length > 0 &&
            ` · ${group.titleRestrictions.length} ${group.titleRestrictions.length === 1 ? 'title' : 'titles'}`}
        </Text>
      </styled.div>
    </styled.div>
  )
}
