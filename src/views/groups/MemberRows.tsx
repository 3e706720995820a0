import { styled } from 'styled-system/jsx'
import type { MemberRow } from '~/machines/group-members.types'
import { Badge, Button, Switch } from '~/views/ui'

export interface MemberRowsProps {
  readonly members: readonly MemberRow[]
  /** admins edit: an admin switch and a remove button per member */
  readonly onToggleAdmin?: (userId: number) => void
  readonly onRemove?: (userId: number) => void
}

/** A group's members with their role; editable in the members and admins dialog. */
export function MemberRows({ members, onToggleAdmin, onRemove }: MemberRowsProps) {
  return (
    <styled.ul listStyle="none" display="flex" flexDirection="column" gap="2" aria-label="Members">
      {members.map((member) => (
        <styled.li key={member.userId} display="flex" alignItems="center" gap="3" flexWrap="wrap">
          <styled.span flex="1" minW="0" truncate fontWeight="medium">
            {member.username}
          </styled.span>
          {member.status === 'invited' && <Badge variant="outline">Invited</Badge>}
          {onToggleAdmin ? (
            <Switch.Root
              size="sm"
              checked={member.isAdmin}
              onCheckedChange={() => onToggleAdmin(member.userId)}
            >
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Switch.Label>
                Admin<styled.span srOnly> {member.username}</styled.span>
              </Switch.Label>
              <Switch.HiddenInput />
            </Switch.Root>
          ) : (
            member.isAdmin && <Badge>Admin</Badge>
          )}
          {onRemove && (
            <Button
              type="button"
              size="xs"
              variant="ghost"
              aria-label={`Remove ${member.username}`}
              onClick={() => onRemove(member.userId)}
            >
              Remove
            </Button>
          )}
        </styled.li>
      ))}
    </styled.ul>
  )
}
