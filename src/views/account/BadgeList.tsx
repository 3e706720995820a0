import { Award } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import type { PublicUser } from '~/api/users'
import { trophyKindOf, trophyLabels } from '~/domain/account-summary'
import { Badge, Text } from '~/views/ui'

type UserBadge = PublicUser['userBadges'][number]

const palettes = { gold: 'accent', silver: 'gray', bronce: 'down' } as const

/** Spec §3 "Badge": each group trophy with its rank and how many times it was won. */
export function BadgeList({ badges }: { readonly badges: readonly UserBadge[] }) {
  if (badges.length === 0)
    return (
      <Text size="sm" color="fg.muted">
        No badges yet: finish a week in the top three of a group.
      </Text>
    )
  return (
    <styled.ul aria-label="Badges" display="flex" flexWrap="wrap" gap="1.5">
      {badges.map((badge) => {
        const kind = trophyKindOf(badge.rank)
        return (
          <li key={`${badge.groupName}-${badge.rank}`}>
            <Badge variant="outline" size="sm" colorPalette={kind ? palettes[kind] : 'gray'}>
              <Award size={12} aria-hidden />
              {kind ? trophyLabels[kind] : `#${badge.rank}`} · {badge.groupName}
              {badge.count > 1 ? ` ×${badge.count}` : ''}
            </Badge>
          </li>
        )
      })}
    </styled.ul>
  )
}
