import { Trophy } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import type { PublicUser } from '~/api/users'
import { trophyCounts, trophyKinds, trophyLabels } from '~/domain/account-summary'

const colors = { gold: 'accent.text', silver: 'fg.muted', bronce: 'down.text' } as const

/** Spec §2 user info: how many gold, silver and bronce trophies the player won. */
export function TrophyCounts({ badges }: { readonly badges: PublicUser['userBadges'] }) {
  const counts = trophyCounts(badges)
  return (
    <styled.section aria-labelledby="user-trophies">
      <styled.h3 id="user-trophies" fontSize="sm" fontWeight="semibold" mb="2">
        Trophies
      </styled.h3>
      <styled.dl display="grid" gridTemplateColumns="repeat(3, 1fr)" gap="2">
        {trophyKinds.map((kind) => (
          <styled.div key={kind} textAlign="center" p="2" borderWidth="1px" borderRadius="l2">
            <styled.dt
              fontSize="xs"
              color="fg.muted"
              display="flex"
              justifyContent="center"
              gap="1"
              alignItems="center"
            >
              <styled.span color={colors[kind]}>
                <Trophy size={14} aria-hidden />
              </styled.span>
              {trophyLabels[kind]}
            </styled.dt>
            <styled.dd fontSize="lg" fontWeight="semibold" fontVariantNumeric="tabular-nums">
              {counts[kind]}
            </styled.dd>
          </styled.div>
        ))}
      </styled.dl>
    </styled.section>
  )
}
