/** Kinds of activity stream elements the server sends. */
export type ActivityElementType = 'TaggedMessage' | 'Vote' | 'Poll' | 'PollAnnouncement' | 'UserGroupWinners'
/** Kinds of groups the stream shows; a TaggedMessage lands in Predicted or Evaluated. */
export type ActivityGroupType =
  | 'TaggedMessagePredicted'
  | 'TaggedMessageEvaluated'
  | 'Vote'
  | 'Poll'
  | 'PollAnnouncement'
  | 'UserGroupWinners'

export interface ActivityElement<D = unknown> {
  type: ActivityElementType
  timestamp: number
  data: D
  /** for TaggedMessage: when it is (or was) evaluated, and at which price */
  evaluationTime?: number
  evalPrice?: number | null
}

export interface ActivityGroup<D = unknown> {
  type: ActivityGroupType
  /** timestamp of the newest element */
  timestamp: number
  elements: ActivityElement<D>[]
}

export const activityMergeWindowMs = 3600_000
export const maxActivityGroups = 20

/** An element counts as evaluated when its evaluation time equals its timestamp and an evaluation price exists. */
export function isEvaluatedElement(element: ActivityElement): boolean {
  return element.evaluationTime === element.timestamp && element.evalPrice != null
}

export function groupTypeOf(element: ActivityElement): ActivityGroupType {
  if (element.type === 'TaggedMessage') {
    return isEvaluatedElement(element) ? 'TaggedMessageEvaluated' : 'TaggedMessagePredicted'
  }
  return element.type
}

/**
 * Newest first; an element joins the group before it when the type matches and it lies within one hour
 * of that group's newest element. At most 20 groups are kept.
 */
export function groupActivity<D>(elements: readonly ActivityElement<D>[]): ActivityGroup<D>[] {
  const sorted = [...elements].sort((a, b) => b.timestamp - a.timestamp)
  const groups: ActivityGroup<D>[] = []
  for (const element of sorted) {
    const type = groupTypeOf(element)
    const last = groups[groups.length - 1]
    if (last && last.type === type && last.timestamp - element.timestamp <= activityMergeWindowMs) {
      last.elements.push(element)
    } else {
      if (groups.length === maxActivityGroups) break
      groups.push({ type, timestamp: element.timestamp, elements: [element] })
    }
  }
  return groups
}
