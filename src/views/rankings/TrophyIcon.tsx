import { Trophy as TrophyGlyph } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import type { Trophy } from '~/domain/ranking-tabs'

const colors: Record<Trophy, string> = { gold: '#c9a227', silver: '#9aa1a9', bronce: '#b0703c' }
const named: Record<Trophy, string> = { gold: 'gold', silver: 'silver', bronce: 'bronze' }

/** A week's trophy beside a rank; its name is read out (the API's 'bronce' as English 'bronze'). */
export function TrophyIcon({ trophy }: { readonly trophy: Trophy }) {
  return (
    <styled.span
      display="inline-flex"
      role="img"
      aria-label={`${named[trophy]} trophy`}
      title={`${named[trophy]} trophy`}
    >
      <TrophyGlyph size={16} color={colors[trophy]} aria-hidden />
    </styled.span>
  )
}
