/** The onboarding page's terms and imprint (spec §2 "Onboarding: terms and conditions, imprint"). */
export const legalTexts = {
  terms: {
    link: 'terms and conditions',
    title: 'Terms and conditions',
    paragraphs: [
      'Alpha is a game. TTC, the game currency, is play money: it has no cash value, cannot be bought, sold or paid out, and is not investment advice.',
      'Sign-up is by invitation only. Your username is visible to other players; choose one that does not reveal more than you want to share.',
      'Play fair: one account per person, no automated play, no abuse of other players. We may close accounts that break these rules.',
      'Price indications come from a sentiment data provider and may be delayed or wrong. Do not trade on them.',
      'You can delete your account at any time in the settings; your predictions, bets and balance are removed with it.',
    ],
  },
  imprint: {
    link: 'imprint',
    title: 'Imprint',
    paragraphs: [
      'Alpha is run by its market-data provider, the operator of this site.',
      'Contact: the address and representatives of the operator are given in the operator’s legal notice.',
      'Questions about the game: use the contact address in the FAQ.',
    ],
  },
} as const

export type LegalKind = keyof typeof legalTexts
