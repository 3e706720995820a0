import { styled } from 'styled-system/jsx'
import type { ActivityGroup } from '~/domain/activity-grouping'
import { formatDateTime, isoDateTime } from '~/domain/date-format'
import { UserNameButton } from '~/views/rankings/UserNameButton'
import { TitleLink } from '~/views/ticker/TitleLink'
import { Text } from '~/views/ui'
import { activityGroupTitles, linesOf } from './activity-lines'

/** One group of the feed: its kind and newest time, then a line per element. */
export function ActivityGroupItem({ group }: { readonly group: ActivityGroup }) {
  const lines = group.elements.flatMap((element, index) => linesOf(group.type, element, index))
  return (
    <styled.li borderBottomWidth="1px" borderColor="border.subtle" py="3">
      <styled.div display="flex" justifyContent="space-between" gap="2" flexWrap="wrap">
        <styled.h3 fontWeight="semibold" textStyle="sm">
          {activityGroupTitles[group.type]}
        </styled.h3>
        <Text as="span" textStyle="xs" color="fg.muted">
          <time dateTime={isoDateTime(group.timestamp)}>{formatDateTime(group.timestamp)}</time>
        </Text>
      </styled.div>
      <styled.ul listStyle="none" mt="1" display="flex" flexDirection="column" gap="1" textStyle="sm">
        {lines.map((line) => (
          <styled.li key={line.key}>
            {line.username !== undefined &&
              (line.userId !== undefined ? (
                <UserNameButton userId={line.userId} username={line.username} />
              ) : (
                <strong>{line.username}</strong>
              ))}{' '}
            {line.text}
            {line.titleId !== undefined && (
              <>
                {' '}
                <TitleLink titleId={line.titleId} />
              </>
            )}
          </styled.li>
        ))}
      </styled.ul>
    </styled.li>
  )
}
