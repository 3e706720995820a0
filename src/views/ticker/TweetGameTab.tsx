import { styled } from 'styled-system/jsx'
import { TitleMessages } from './TitleMessages'
import { TitlePredictions } from './TitlePredictions'

/** The tagging game for one title: the player's predictions on it and the live messages to tag. */
export function TweetGameTab({ titleId }: { readonly titleId: number }) {
  return (
    <styled.div display="grid" gap="6" py="2">
      <TitlePredictions titleId={titleId} />
      <TitleMessages titleId={titleId} />
    </styled.div>
  )
}
