import type { SnapshotFrom } from 'xstate'
import { priceIn } from '../domain/latest-price'
import type { LiveStreamContext } from './live-stream.types'
import type { TaggedMessagesData } from './predictions.types'
import type { PricesContext } from './prices.machine'
import type { SessionMachine } from './session.machine'
import type { StoreContext } from './store.types'

type SessionSnapshot = SnapshotFrom<SessionMachine>

/** A title's latest tick price and its time, or undefined before the first tick. */
export const selectLatestPrice = (context: PricesContext, titleId: number) => priceIn(context.latest, titleId)

/** The player's balance in TTC: the most they can bet (spec §5). */
export const selectBalance = (snapshot: SessionSnapshot) => snapshot.context.user.wallet.balance

/** The player's id (-1 for the guest). */
export const selectUserId = (snapshot: SessionSnapshot) => snapshot.context.user.id

/** The live stream's messages that mention the title, newest first. */
export const selectTitleMessages = (context: LiveStreamContext, titleId: number) =>
  context.messages.filter((message) => message.titles.some((title) => title.titleId === titleId))

/** The player's predictions on the title, newest first. */
export const selectTitlePredictions = (context: StoreContext<TaggedMessagesData>, titleId: number) =>
  context.data.messages.filter((message) => message.titleId === titleId)

/** What the player's next prediction earns if correct. */
export const selectRewardFactor = (context: StoreContext<TaggedMessagesData>) => context.data.rewardFactor
