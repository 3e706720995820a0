import { styled } from 'styled-system/jsx'
import { formatPercent } from '~/domain/number-format'
import { intervalText, pValueText, relativeScoreText, skillVerdictText } from '~/domain/signal-texts'
import { ListLoadFailure } from '~/views/common/ListLoadFailure'
import { Badge, Skeleton, Text } from '~/views/ui'
import { useUserSkill } from './use-user-skill'

/**
 * The user info dialog's skill section: hit rate with its Wilson 95 % interval, the p-value against a
 * coin, the verdict (the "Skill shown" badge only at p < 0.05 over 30 judged) and the score against the
 * crowd.
 */
export function SkillFigures({ userId }: { readonly userId: number }) {
  const { skill, loading, failure, retry } = useUserSkill(userId)
  return (
    <styled.section aria-labelledby="user-skill" aria-busy={loading}>
      <styled.h3 id="user-skill" fontSize="sm" fontWeight="semibold" mb="1">
        Skill, not luck
      </styled.h3>
      {failure ? <ListLoadFailure text={failure} onRetry={retry} /> : null}
      {loading ? <Skeleton h="16" /> : null}
      {skill ? (
        <styled.div display="flex" flexDirection="column" gap="2">
          {skill.skillShown ? (
            <Badge colorPalette="up" variant="solid" alignSelf="flex-start">
              {skillVerdictText(skill)}
            </Badge>
          ) : (
            <Text size="sm" color="fg.muted">
              {skillVerdictText(skill)}
            </Text>
          )}
          <styled.dl display="grid" gridTemplateColumns="1fr auto" rowGap="0.5" fontSize="sm">
            <Figure label="Judged predictions" value={skill.judged.toLocaleString('en-US')} />
            <Figure
              label="Hit rate (95% interval)"
              value={
                skill.hitRate === null
                  ? '–'
                  : `${formatPercent(skill.hitRate)} (${intervalText(skill.interval)})`
              }
            />
            <Figure label="p-value against 50%" value={pValueText(skill.pValue)} />
            <Figure label="Against the crowd" value={relativeScoreText(skill.relativeScore)} />
          </styled.dl>
        </styled.div>
      ) : null}
    </styled.section>
  )
}

function Figure({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <styled.div display="contents">
      <styled.dt color="fg.muted">{label}</styled.dt>
      <styled.dd textAlign="right" fontVariantNumeric="tabular-nums">
        {value}
      </styled.dd>
    </styled.div>
  )
}
