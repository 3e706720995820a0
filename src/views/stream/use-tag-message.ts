import { useCallback } from 'react'
import type { Trend } from '~/domain/prediction'
import { selectLatestPrice } from '~/machines/prices.machine'
import { selectUser } from '~/machines/session.select'
import { selectRewardFactor } from '~/machines/tagged-messages.machine'
import { useClient } from '~/views/client-context'

/** What a tag is about: a live stream message's id and its main title. */
export interface TaggableMessage {
  readonly id: string
  readonly mainTitleId: number
}

/**
 * Tags a message for its main title (spec §4 "Tagging"): the prediction carries the title's latest
 * tick price and the player's reward factor, read when the player acts (not subscribed: a row must not
 * re-render on every tick for them). The predictions machine warns about a second tag and sends a
 * guest to sign in. False when the title has no price yet, so nothing was sent.
 */
export function useTagMessage() {
  const client = useClient()
  return useCallback(
    (message: TaggableMessage, trend: Trend): boolean => {
      const atPrice = selectLatestPrice(client.prices.getSnapshot().context, message.mainTitleId)
      if (atPrice === undefined) return false
      client.tag({
        userId: selectUser(client.session.getSnapshot()).id,
        titleId: message.mainTitleId,
        messageId: message.id,
        trend,
        atPrice,
        rewardFactor: selectRewardFactor(client.store('taggedMessages').getSnapshot().context),
      })
      return true
    },
    [client],
  )
}
