import { styled } from 'styled-system/jsx'
import type { UserProfile } from '~/api/users'
import { Text } from '~/views/ui'

/** Spec §2 user info: the player's groups, votes (bets) and predictions. */
export function UserStats({ user }: { readonly user: UserProfile }) {
  return (
    <styled.div display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
      <Figures
        title="Votes"
        rows={[
          ['Bets', user.votes.total],
          ['Open', user.votes.open],
          ['Won', user.votes.won],
        ]}
      />
      <Figures
        title="Predictions"
        rows={[
          ['Made', user.predictions.total],
          ['Running', user.predictions.running],
          ['Correct', user.predictions.correct],
        ]}
      />
      <styled.section gridColumn={{ sm: 'span 2' }} aria-labelledby="user-groups">
        <styled.h3 id="user-groups" fontSize="sm" fontWeight="semibold" mb="1">
          Groups
        </styled.h3>
        {user.groups.length === 0 ? (
          <Text size="sm" color="fg.muted">
            No public groups.
          </Text>
        ) : (
          <styled.ul display="flex" flexWrap="wrap" gap="1.5" fontSize="sm">
            {user.groups.map((group) => (
              <styled.li key={group.id} px="2" py="0.5" borderRadius="l1" bg="bg.subtle">
                {group.name}
              </styled.li>
            ))}
          </styled.ul>
        )}
      </styled.section>
    </styled.div>
  )
}

function Figures({
  title,
  rows,
}: {
  readonly title: string
  readonly rows: readonly (readonly [string, number])[]
}) {
  const id = `user-${title.toLowerCase()}`
  return (
    <styled.section aria-labelledby={id}>
      <styled.h3 id={id} fontSize="sm" fontWeight="semibold" mb="1">
        {title}
      </styled.h3>
      <styled.dl display="grid" gridTemplateColumns="1fr auto" rowGap="0.5" fontSize="sm">
        {rows.map(([label, value]) => (
          <styled.div key={label} display="contents">
            <styled.dt color="fg.muted">{label}</styled.dt>
            <styled.dd textAlign="right" fontVariantNumeric="tabular-nums">
              {value.toLocaleString('en-US')}
            </styled.dd>
          </styled.div>
        ))}
      </styled.dl>
    </styled.section>
  )
}
