import { initialsOf } from '~/domain/account-summary'
import { Avatar } from '~/views/ui'

/**
 * A player's initials in a circle (players have no pictures); the name is always next to it. The
 * initials are drawn by CSS, not text: they are decoration, and as text they would become part of a
 * button's visible label that its accessible name ("Account menu of …") must contain (WCAG 2.5.3).
 */
export function UserAvatar({
  username,
  size = 'sm',
}: {
  readonly username: string
  readonly size?: 'sm' | 'md' | 'lg'
}) {
  return (
    <Avatar.Root size={size}>
      <Avatar.Fallback
        aria-hidden
        data-initials={initialsOf(username)}
        _before={{ content: 'attr(data-initials)' }}
      />
    </Avatar.Root>
  )
}
