/** Predictions beyond this many running ones earn less: the reward is shared out over them. */
export const fullRewardRunningLimit = 20

/**
 * Reward factor of a new prediction, given how many of the user's predictions are running before it:
 * min(1, 20 / running predictions after this one).
 */
export function rewardFactorFor(runningBefore: number): number {
  return Math.min(1, fullRewardRunningLimit / (Math.max(0, runningBefore) + 1))
}
