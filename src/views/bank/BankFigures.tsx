import { styled } from 'styled-system/jsx'
import type { BankReport } from '~/api/bank'
import { formatTtc } from '~/domain/number-format'

// one <div> of dt and dd per figure: the only wrapper a <dl> allows
const figure = (label: string, value: string, detail?: string) => (
  <styled.div key={label} borderWidth="1px" borderRadius="l3" bg="bg.default" p="4">
    <styled.dt color="fg.muted" fontSize="sm">
      {label}
    </styled.dt>
    <styled.dd fontSize="2xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
      {value}
    </styled.dd>
    {detail ? (
      <styled.dd color="fg.muted" fontSize="sm">
        {detail}
      </styled.dd>
    ) : null}
  </styled.div>
)

const pots = (count: number) => (count === 1 ? '1 pot' : `${count} pots`)

/** The Bank's balance and its record against the players. */
export function BankFigures({ report }: { readonly report: BankReport }) {
  return (
    <styled.dl display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }} gap="4">
      {figure('Balance', formatTtc(report.balance))}
      {figure('Pots won', pots(report.potsWon.count), `${formatTtc(report.potsWon.ttc)} nobody called`)}
      {figure(
        'Pots lost',
        pots(report.potsLost.count),
        `${formatTtc(report.potsLost.ttc)} paid to the callers`,
      )}
    </styled.dl>
  )
}
