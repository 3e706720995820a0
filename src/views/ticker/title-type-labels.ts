import type { TitleType } from '~/api/market'

/** How the About tab names the spec's title types. */
export const titleTypeLabels: Record<TitleType, string> = {
  index: 'Index',
  crypto_currency: 'Cryptocurrency',
  forex: 'Currency pair',
  others: 'Share or commodity',
}
