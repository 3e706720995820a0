/** Invented authors of the simulated message stream; avatars are identicons the server draws. */
export interface Author {
  /** handle without '@' */
  handle: string
  name: string
}

export const authors: readonly Author[] = [
  { handle: 'chartwhisperer', name: 'Maya Lindqvist' },
  { handle: 'bull_in_a_shop', name: 'Tom Becker' },
  { handle: 'quietquant', name: 'Priya Raman' },
  { handle: 'macro_mara', name: 'Mara Okafor' },
  { handle: 'dipbuyer42', name: 'Jonas Wirth' },
  { handle: 'theta_gang_tina', name: 'Tina Morales' },
  { handle: 'candlecraft', name: 'Lukas Novak' },
  { handle: 'valuehunter', name: 'Grace Whitfield' },
  { handle: 'satoshi_sunday', name: 'Ken Watanabe' },
  { handle: 'fedwatcher', name: 'Elena Petrova' },
  { handle: 'trend_rider', name: 'Samir Haddad' },
  { handle: 'bearish_bob', name: 'Bob Henderson' },
  { handle: 'gapandgo', name: 'Chloe Martin' },
  { handle: 'nordic_ticker', name: 'Aino Virtanen' },
  { handle: 'daxdaily', name: 'Felix Hartmann' },
  { handle: 'londonopen', name: 'Oliver Grant' },
  { handle: 'asia_session', name: 'Mei Lin Chen' },
  { handle: 'oilandink', name: 'Rafael Duarte' },
  { handle: 'goldbug_gus', name: 'Gus Abernathy' },
  { handle: 'pipsqueak_fx', name: 'Nadia Rahimi' },
  { handle: 'earnings_edge', name: 'Daniel Kim' },
  { handle: 'riskparity_rae', name: 'Rae Sullivan' },
  { handle: 'momentum_mo', name: 'Mohammed Aziz' },
  { handle: 'smallcapsara', name: 'Sara Lindgren' },
  { handle: 'the_tape_reader', name: 'Victor Dubois' },
  { handle: 'hodl_hannah', name: 'Hannah Schulz' },
  { handle: 'options_owl', name: 'Isaac Brennan' },
  { handle: 'green_candles', name: 'Lea Fischer' },
  { handle: 'contrarian_cal', name: 'Calvin Price' },
  { handle: 'dividend_dora', name: 'Dora Kowalski' },
  { handle: 'swingtrade_sven', name: 'Sven Andersen' },
  { handle: 'techstock_tara', name: 'Tara Singh' },
  { handle: 'bondvigilante', name: 'Marcus Reid' },
  { handle: 'alpha_anna', name: 'Anna Rossi' },
  { handle: 'ticker_tales', name: 'Julien Moreau' },
  { handle: 'carmaker_kurt', name: 'Kurt Vogel' },
]

const byHandle = new Map(authors.map((author) => [author.handle.toLowerCase(), author]))

export function authorByHandle(handle: string): Author | undefined {
  return byHandle.get(handle.toLowerCase())
}
