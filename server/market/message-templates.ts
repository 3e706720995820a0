/**
 * Wording of the simulated stream. Placeholders: {A} and {B} mention titles (their indices are
 * recorded), {P} is A's price, {T} a price target, {X} a percentage, {L} a link.
 */
export type Sentiment = 'bullish' | 'bearish' | 'neutral'

/** Fits any title: shares, indices, currencies, crypto, commodities. */
export const generalTemplates: Record<Sentiment, readonly string[]> = {
  bullish: [
    '{A} breaking out above resistance at {P}. Next stop {T}?',
    'Loaded more {A} on this dip. Nothing about the story has changed.',
    'Volume on {A} is picking up nicely, buyers clearly in control today.',
    'Higher lows on {A} all week. Bulls step in every single time.',
    '{A} just reclaimed its 50-day average. The trend is your friend.',
    'Rotation into {A} and {B} today, risk-on mood is back.',
    'Golden cross forming on the {A} daily chart. Up {X} since my entry.',
    '{A} at {P} looks cheap to me. Adding to the position.',
    'Everyone is scared of {A} and that is exactly why I am buying.',
  ],
  bearish: [
    '{A} rejected at {P} again. Triple top? Taking profits here.',
    '{A} is losing momentum and the RSI is rolling over. Careful up here.',
    '{A} broke support at {P}. Next support is much lower.',
    'Far too much optimism priced into {A}. Shorting the bounce.',
    '{A} and {B} both sliding, money is flowing out fast.',
    'Death cross on {A}. Bears are in charge for now.',
    '{A} down {X} from the high and I do not see a bottom yet.',
    'Hedged my {A} exposure. This rally feels tired.',
  ],
  neutral: [
    'Watching {A} closely today, {P} is the level that matters.',
    '{A} trading sideways around {P}. Waiting for a clear signal.',
    'Interesting divergence between {A} and {B} this session.',
    '{A} at {P}. Up or down by the close, what do you think?',
    'Quiet day for {A}, volume well below average.',
    '{A} vs {B}: similar story, very different momentum.',
    'New chart on {A} with my levels: {L}',
    '{A} hovering around {P} after the open.',
    'Moved {X} in a week. {A} is anything but boring lately.',
    'No position in {A}, but the setup is worth a look.',
    'Reading up on {A} before the weekend: {L}',
  ],
}

/** Only for company shares: results, guidance, analysts, insiders. */
export const companyTemplates: Record<Sentiment, readonly string[]> = {
  bullish: [
    'Strong numbers from {A}: guidance raised, margins up. Long and staying long.',
    'Upgrade on {A} this morning, new price target {T}.',
    'Short interest in {A} is sky high. Squeeze incoming?',
  ],
  bearish: [
    'Sold my {A} position today. Guidance looks weak, expecting a pullback.',
    'Downgrade on {A}: target cut to {T}. Not pretty.',
    'More insider selling at {A}. Makes you think.',
    'Margins at {A} keep shrinking. Avoid until proven otherwise.',
  ],
  neutral: [
    'Results from {A} next week. Anyone positioned?',
    '{A} and {B} both report soon. Which one surprises?',
  ],
}

/** Sub-texts: a quoted headline under the message. {N} is A's short name, {X} a percentage. */
export const headlines: readonly string[] = [
  '{N} moves {X} as traders weigh the outlook',
  'Analysts split on {N} after a volatile week',
  '{N}: what the charts say this week',
  'Market wrap: {N} in focus as volatility returns',
  'Fund managers put {N} on their watch lists',
  '{N} options activity jumps to a three-month high',
]

export const linkHosts: readonly string[] = [
  'https://news.example.com/markets/',
  'https://charts.example.net/',
  'https://blog.example.org/posts/',
]

export const closers: Record<Sentiment, readonly string[]> = {
  bullish: [' 🚀', ' 📈', ' 🐂'],
  bearish: [' 📉', ' 🐻', ' 🧯'],
  neutral: [' 👀', ' 🤔', ''],
}
