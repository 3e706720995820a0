/**
 * Spec §8 "Fetch errors", one per data kind, shown where a list failed to load (the spec names public
 * groups, predictions and activity stream elements; groups, invitations, polls and the overview per
 * title follow its pattern).
 */
export const listLoadTexts = {
  groups: 'Error fetching groups!',
  invitations: 'Error fetching invitations!',
  publicGroups: 'Error fetching public groups!',
  activity: 'Error fetching activity stream elements!',
  polls: 'Error fetching polls!',
  predictions: 'Error fetching predictions!',
  overview: 'Error fetching the overview per title!',
} as const
