import { Trophy as TrophyGlyph } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import type { Trophy } from '~/domain/ranking-tabs'

const colors: Record<Trophy, string> = { gold: '#c9a227', silver: '#9aa1a9', bronce: '#b0703c' }

/** A week's trophy beside a rank; its name is read out (gold, silver, bronce, as the spec names them). */
export function TrophyIcon({ trophy }: { readonly trophy: Trophy }) {
  return (
    <styled.span display="inline-flex" role="img" aria-label={`${trophy} trophy`} title={`${trophy} trophy`}>
      <TrophyGlyph size={16} color={colors[trophy]} aria-hidden />
    </styled.span>
  )
}
