import { type Title, type TitleType, titleTypeSchema } from '../../../src/api/market'
import { titleCurrency } from '../../../src/domain/title-currency'
import type { ProviderTitle } from './provider-shapes'

/** The spec's market-data entity types that are title types of their own; every other one is 'others'. */
function titleType(providerType: string | undefined, fallback: TitleType): TitleType {
  if (!providerType) return fallback
  const parsed = titleTypeSchema.safeParse(providerType.toLowerCase())
  return parsed.success ? parsed.data : 'others'
}

function codesOf(title: ProviderTitle): string[] | undefined {
  const codes = title.codes?.filter((code) => code.trim() !== '')
  if (codes && codes.length > 0) return codes
  const named = [title.ticker, title.isin].filter((code): code is string => !!code)
  return named.length > 0 ? named : undefined
}

/**
 * Our title as the provider describes it: its name, type and codes where it gives them, ours where it
 * does not; the currency derived by the spec's rule from the result. The universe stays ours: the
 * provider names titles, it does not add or remove them.
 */
export function mergeTitle(ours: Title, theirs: ProviderTitle | undefined): Title {
  if (!theirs) return ours
  const title = {
    id: ours.id,
    n: theirs.name?.trim() || ours.n,
    type: titleType(theirs.type, ours.type),
    c: codesOf(theirs) ?? ours.c,
  }
  // the trading hours are ours (the fair-play rules read them): the provider does not send them
  return { ...title, currency: titleCurrency(title), ...(ours.hours ? { hours: ours.hours } : {}) }
}
