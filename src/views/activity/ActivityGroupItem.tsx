import { styled } from 'styled-system/jsx'
import type { ActivityGroup } from '~/domain/activity-grouping'
import { formatDateTime, isoDateTime } from '~/domain/date-format'
import { UserNameButton } from '~/views/rankings/UserNameButton'
import { TitleLink } from '~/views/ticker/TitleLink'
import { Text } from '~/views/ui'
import { type ActivityLine, activityGroupTitles, linesOf } from './activity-lines'

/**
 * Lines a group shows before the rest fold away: in a busy hour one group holds most of the page's 50
 * elements, dozens of "predicted Up on" lines that pushed the rest of the dashboard a phone's screens
 * down.
 */
export const shownLinesPerGroup = 5

/** One line: the player, what they did, the title. */
function ActivityLineItem({ line }: { readonly line: ActivityLine }) {
  return (
    <styled.li>
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
  )
}

/**
 * One group of the feed: its kind and newest time, then a line per element, the first few shown and the
 * rest behind "n more" (a native disclosure: the browser keeps it open or shut, nothing to remember).
 */
export function ActivityGroupItem({ group }: { readonly group: ActivityGroup }) {
  const lines = group.elements.flatMap((element, index) => linesOf(group.type, element, index))
  const shown = lines.slice(0, shownLinesPerGroup)
  const folded = lines.slice(shownLinesPerGroup)
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
      <styled.ul listStyle="none" display="flex" flexDirection="column" gap="1" mt="1" textStyle="sm">
        {shown.map((line) => (
          <ActivityLineItem key={line.key} line={line} />
        ))}
      </styled.ul>
      {folded.length > 0 && (
        <styled.details textStyle="sm" mt="1">
          <styled.summary cursor="pointer" color="fg.muted">{`Show ${folded.length} more`}</styled.summary>
          <styled.ul listStyle="none" display="flex" flexDirection="column" gap="1" mt="1">
            {folded.map((line) => (
              <ActivityLineItem key={line.key} line={line} />
            ))}
          </styled.ul>
        </styled.details>
      )}
    </styled.li>
  )
}
