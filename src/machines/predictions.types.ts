import type { TaggedMessage } from '../api/predictions'
import type { PredictionStatus, Trend } from '../domain/prediction'

/** A prediction as the player makes it; the store stamps createdAt, the server decides the rest. */
export interface NewPrediction {
  /** the player; the guest's id -1 sends them to sign in */
  readonly userId: number
  readonly titleId: number
  readonly messageId: string
  readonly trend: Trend
  /** the title's latest tick price, shown until the server's arrives */
  readonly atPrice: number
  /** the player's current reward factor: what this prediction earns if correct */
  readonly rewardFactor: number
}

export interface PredictionsContext {
  /** accepted predictions in order; the first is being sent */
  readonly queue: readonly NewPrediction[]
}

export type PredictionsEvent = {
  readonly type: 'prediction.tag'
  readonly prediction: NewPrediction
  /** whether the tagged-message store holds this user, title and message already @default false */
  readonly alreadyTagged?: boolean
  /** why the fair-play rules refuse it (src/domain/fair-play.ts), worded for the player; absent: allowed */
  readonly refusal?: string
}

/** What the tagged-message store holds. */
export interface TaggedMessagesData {
  /** the player's predictions of the last 7 days, newest first: the server's and those made here */
  readonly messages: readonly TaggedMessage[]
  /** what the player's next prediction earns if correct */
  readonly rewardFactor: number
  /**
   * the status each prediction's lifecycle (its child actor, src/machines/prediction-lifecycle.machine.ts)
   * entered last, by key: what the views show; one whose actor has not said yet shows `predictionStatus`
   * @default {}
   */
  readonly statuses: Readonly<Record<string, PredictionStatus>>
}

/** What a load of the tagged messages brings (the statuses are the lifecycles' to say). */
export type LoadedTaggedMessages = Pick<TaggedMessagesData, 'messages' | 'rewardFactor'>

export type TaggedMessagesEvent =
  /** made here, before it is sent (spec §4 "Tagging and betting") */
  | { readonly type: 'predictions.added'; readonly prediction: TaggedMessage }
  /** the server's copy, replacing the local one */
  | { readonly type: 'predictions.stored'; readonly prediction: TaggedMessage }
  /** sending it failed: the server will never evaluate it */
  | { readonly type: 'predictions.removed'; readonly key: string }
  /** a prediction's lifecycle entered a status */
  | { readonly type: 'predictions.statusReached'; readonly key: string; readonly status: PredictionStatus }
  /** the tag answer's new reward factor */
  | { readonly type: 'predictions.rewardFactorChanged'; readonly rewardFactor: number }
