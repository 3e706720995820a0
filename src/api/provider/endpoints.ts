/**
 * Every call of the market-data provider API (product spec §7), as data. The typed client methods, the
 * request builder and the tests are all derived from this one table: adding a call is one line here.
 *
 * - `path`: the template after the versioned base URL. Every `{name}` is a required path parameter
 *   (spec §5); its name is what the caller passes (camelCase; it never reaches the wire).
 * - `query`: the names of the optional query parameters, spelled as on the wire. Every call also takes
 *   `format` (spec §7), which is not repeated here.
 * - `requiredQuery`: query parameters that must be present (spec §5: `query` of `/titles/search`).
 * - `body`: the call sends a JSON body; `'required'` when spec §5 lists it (the rule of the rule calls).
 */
export interface EndpointDefinition {
  readonly method: 'GET' | 'POST' | 'DELETE'
  readonly path: string
  readonly query?: readonly string[]
  readonly requiredQuery?: readonly string[]
  readonly body?: 'required' | 'optional'
}

const dates = ['startDate', 'endDate'] as const
const messageFilters = ['type', 'source', 'lang', 'score', 'search_term', ...dates, 'limit'] as const
const messageSearch = [
  'query',
  'include_topics_list',
  'include_exec_summary',
  'include_stats',
  'order_by',
  'offset',
  'lang',
  'type',
  'source',
  'score',
  'core',
] as const
const pulsePicks = ['region', 'restrict_to_indices', 'days', 'filter_by_stddev', 'sort_by', 'limit'] as const
const titleFilters = [
  'type',
  'region',
  'sector',
  'pri_exchange',
  'exchange',
  'list',
  'buzz',
  'sent_higher',
  'sent_lower',
  'chg',
  'week_chg',
  'month_chg',
  'year_chg',
  'dist_52_week_high',
  'dist_52_week_low',
  'sort_by',
] as const

export const providerEndpoints = {
  // AI text generation
  executiveSummary: { method: 'POST', path: '/ai/textgen/executive-summary', body: 'optional' },
  topicsList: { method: 'POST', path: '/ai/textgen/topics-list', body: 'optional' },

  // Authors
  authorNetwork: { method: 'GET', path: '/authors/{source}/{author}/network', query: dates },
  author: { method: 'GET', path: '/authors/{source}/{author}' },
  authorsMessages: {
    method: 'GET',
    path: '/authors/{source}/{authors}/messages',
    query: [...dates, 'limit'],
  },
  searchAuthors: { method: 'POST', path: '/authors/search', body: 'optional' },

  // Titles
  titles: { method: 'GET', path: '/titles/{idents}', query: ['partition'] },
  titleMessageCategories: { method: 'GET', path: '/titles/{ident}/messages/categories', query: dates },
  titlesHistory: {
    method: 'GET',
    path: '/titles/{idents}/history',
    query: ['fields', ...dates, 'partition'],
  },
  titlesMessages: { method: 'GET', path: '/titles/{idents}/messages', query: messageFilters },
  titlesMessageStatistics: { method: 'GET', path: '/titles/{idents}/message_statistics' },
  titlesInfo: { method: 'GET', path: '/titles/{idents}/info', query: ['vendor'] },
  searchTitles: {
    method: 'GET',
    path: '/titles/search',
    query: ['query', 'search_type'],
    requiredQuery: ['query'],
  },
  relatedTitles: { method: 'GET', path: '/titles/{ident}/related', query: ['limit'] },
  filterTitles: { method: 'GET', path: '/titles', query: titleFilters },
  titleAvailableFilters: { method: 'GET', path: '/titles/available_filters' },

  // Lists
  lists: { method: 'GET', path: '/lists', query: ['partition'] },
  list: { method: 'GET', path: '/lists/{lid}' },
  listMessages: {
    method: 'GET',
    path: '/lists/{lid}/messages',
    query: ['type', ...dates, 'limit', 'partition'],
  },
  listTopFlop: { method: 'GET', path: '/lists/{lid}/top_flop', query: ['field'] },

  // Messages
  searchMessages: { method: 'GET', path: '/messages/search', query: messageSearch },
  searchMessagesByBody: { method: 'POST', path: '/messages/search', query: messageSearch, body: 'optional' },

  // Entities
  entities: { method: 'GET', path: '/entities' },
  titleEntitiesHistory: {
    method: 'GET',
    path: '/titles/{ident}/entities/history',
    query: [...dates, 'limit'],
  },
  titleEntities: { method: 'GET', path: '/titles/{ident}/entities', query: ['limit'] },
  entity: { method: 'GET', path: '/entities/{entityId}' },

  // Gazettes and registers
  federalGazetteReport: { method: 'GET', path: '/federal_gazette/{fedgazReportId}' },
  titleFederalGazette: { method: 'GET', path: '/titles/{ident}/federal_gazette', query: ['search'] },
  commercialRegister: { method: 'GET', path: '/commercial_register/{country}' },
  officialGazette: { method: 'GET', path: '/official_gazette/{country}' },

  // Indicators
  rsiTitles: { method: 'GET', path: '/titles/rsi/{rsiSpan}/{compareValue}', query: ['type'] },
  smaTitles: { method: 'GET', path: '/titles/sma/{smaSpan}', query: ['type'] },
  titleSma: { method: 'GET', path: '/titles/{ident}/sma' },
  shortSales: { method: 'GET', path: '/titles/short_sales', query: ['fca', 'finra', 'date'] },
  titleShortSales: { method: 'GET', path: '/titles/{ident}/short_sales', query: ['fca', 'finra', 'limit'] },
  titleDividend: { method: 'GET', path: '/titles/{ident}/dividend' },
  earnings: { method: 'GET', path: '/titles/earnings', query: ['country', ...dates, 'partition'] },
  titlePriceRatios: { method: 'GET', path: '/titles/{ident}/price_ratios' },

  // Reference data
  countries: { method: 'GET', path: '/countries' },
  exchanges: { method: 'GET', path: '/exchanges', query: ['country'] },
  holidays: { method: 'GET', path: '/holidays' },
  inventory: { method: 'GET', path: '/inventory' },
  sectors: { method: 'GET', path: '/sectors' },
  reports: { method: 'GET', path: '/reports' },

  // Key events
  latestKeyEvents: { method: 'GET', path: '/key_events/latest' },
  keyEvents: { method: 'GET', path: '/key_events' },
  titleKeyEvents: { method: 'GET', path: '/titles/{ident}/key_events', query: dates },
  titlesKeyEventsV2: {
    method: 'GET',
    path: '/titles/{idents}/key_events_v2',
    query: ['partition', ...dates],
  },
  keyEventsV2: { method: 'GET', path: '/key_events_v2' },
  keyEventV2: { method: 'GET', path: '/key_events_v2/{keyEventId}' },
  keyEventV2Messages: {
    method: 'GET',
    path: '/key_events_v2/{keyEventId}/messages',
    query: ['type', ...dates, 'limit', 'partition'],
  },

  // Triggers feed and newsbot
  triggerFeed: { method: 'GET', path: '/triggers/feed', query: ['language', 'limit', ...dates] },
  triggerFeedItem: { method: 'GET', path: '/triggers/feed/{triggerId}' },
  newsbotArticles: { method: 'GET', path: '/newsbot/{articleIds}', query: ['include_data'] },
  newsbotTitle: { method: 'GET', path: '/newsbot/titles/{ident}' },
  newsbotLatest: { method: 'GET', path: '/newsbot/latest' },

  // Prices
  titleIntraday: {
    method: 'GET',
    path: '/titles/{ident}/intraday',
    query: ['data_options', 'type', ...dates, 'limit'],
  },
  titleQuotes: { method: 'GET', path: '/titles/{ident}/quotes', query: ['vendor', 'indicators', ...dates] },

  // Picks
  dailyPicksPerformance: { method: 'GET', path: '/dailypicksperformance' },
  pulsePicks: { method: 'GET', path: '/pulsepicks', query: pulsePicks },
  titlePulsePicks: { method: 'GET', path: '/pulsepicks/{ident}' },
  pulsePicksPerformance: { method: 'GET', path: '/pulsepicksperformance', query: [...pulsePicks, 'date'] },
  topBuzzTitles: {
    method: 'GET',
    path: '/top_buzz_titles',
    query: ['region', 'type', 'date', 'limit', 'partition'],
  },
  weeklyPicks: { method: 'GET', path: '/weeklypicks' },

  // Ratings
  titleRatings: { method: 'GET', path: '/titles/{ident}/ratings' },
  titleRatingsHistory: { method: 'GET', path: '/titles/{ident}/ratings/history' },

  // Rules and the triggers they fire
  createRule: { method: 'POST', path: '/rules', body: 'required' },
  rules: { method: 'GET', path: '/rules', query: ['rule_type'] },
  updateRule: { method: 'POST', path: '/rules/{rid}', body: 'required' },
  deleteRule: { method: 'DELETE', path: '/rules/{rid}' },
  triggers: { method: 'GET', path: '/triggers', query: ['rule_id', 'rule_type', ...dates, 'limit'] },
  titleTriggers: { method: 'GET', path: '/triggers/{ident}' },
  standardRules: { method: 'GET', path: '/standard_rules' },
  standardTriggers: { method: 'GET', path: '/standard_triggers' },

  // Other
  titleProfiles: { method: 'GET', path: '/titles/{ident}/profiles' },
  discordReports: { method: 'GET', path: '/reports/discord' },
  job: { method: 'GET', path: '/jobs/{source}/{ident}' },
  discordComments: { method: 'GET', path: '/discord/comments/{server}' },
  titleTopics: { method: 'GET', path: '/titles/{ident}/topics' },

  // User data
  userData: { method: 'GET', path: '/userdata' },
  changeUserData: { method: 'POST', path: '/userdata', body: 'optional' },

  // Watchlists
  watchlists: { method: 'GET', path: '/watchlists' },
  createWatchlist: { method: 'POST', path: '/watchlists', body: 'optional' },
  watchlist: { method: 'GET', path: '/watchlists/{wid}', query: ['partition'] },
  addToWatchlist: { method: 'POST', path: '/watchlists/{wid}', body: 'optional' },
  deleteWatchlist: { method: 'DELETE', path: '/watchlists/{wid}' },
  watchlistMessages: {
    method: 'GET',
    path: '/watchlists/{wid}/messages',
    query: [...messageFilters, 'partition'],
  },
  removeWatchlistAuthors: { method: 'DELETE', path: '/watchlists/{wid}/authors', body: 'optional' },
  removeWatchlistQueries: { method: 'DELETE', path: '/watchlists/{wid}/queries', body: 'optional' },
  removeWatchlistTitle: { method: 'DELETE', path: '/watchlists/{wid}/{ident}' },
} as const satisfies Record<string, EndpointDefinition>

export type ProviderEndpoints = typeof providerEndpoints
export type ProviderEndpointName = keyof ProviderEndpoints

/** The names of the path parameters of a template: `'/a/{x}/b/{y}'` gives `'x' | 'y'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never

/** The same at run time, in template order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)
}
