import { formatPercent } from '~/domain/number-format'
import { pValueText } from '~/domain/signal-texts'
import { Badge, Button, Skeleton, Table } from '~/views/ui'
import { useUserSkill } from './use-user-skill'

/**
 * The rankings' optional skill column: the player's hit rate with "skill" when it is shown, loaded for
 * the row while the column is on. A failed load says so in the cell (with its Retry as the cell's button).
 */
export function SkillCell({ userId }: { readonly userId: number }) {
  const { skill, failure, retry } = useUserSkill(userId)
  if (failure)
    return (
      <Table.Cell textAlign="end">
        <Button size="xs" variant="outline" onClick={retry} aria-label={`${failure} Retry`}>
          Retry
        </Button>
      </Table.Cell>
    )
  if (!skill)
    return (
      <Table.Cell>
        <Skeleton h="4" />
      </Table.Cell>
    )
  return (
    <Table.Cell
      textAlign="end"
      whiteSpace="nowrap"
      title={`p = ${pValueText(skill.pValue)}, ${skill.judged} judged`}
    >
      {skill.hitRate === null ? '–' : formatPercent(skill.hitRate)}
      {skill.skillShown ? (
        <Badge colorPalette="up" variant="solid" size="sm" ml="1">
          skill
        </Badge>
      ) : null}
    </Table.Cell>
  )
}
