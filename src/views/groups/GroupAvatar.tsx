import { Users } from 'lucide-react'
import { Avatar } from '~/views/ui'

export interface GroupAvatarProps {
  readonly name: string
  readonly avatarUrl: string | null
  readonly size?: 'sm' | 'md' | 'lg'
}

/** A group's picture, or its initials; decorative, since the group's name always stands beside it. */
export function GroupAvatar({ name, avatarUrl, size = 'md' }: GroupAvatarProps) {
  const initials = name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
  return (
    <Avatar.Root size={size} aria-hidden>
      <Avatar.Fallback>{initials || <Users size={16} />}</Avatar.Fallback>
      {avatarUrl && <Avatar.Image src={avatarUrl} alt="" />}
    </Avatar.Root>
  )
}
