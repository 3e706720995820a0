import { Coins, type LucideIcon, MessageSquareText, Trophy, Vote } from 'lucide-react'

export interface WelcomeSlide {
  readonly title: string
  readonly icon: LucideIcon
  readonly paragraphs: readonly string[]
}

/** Spec §2 /welcome: what tagging is, polls and wagers, groups and rankings, TTC and rewards. */
export const welcomeSlides: readonly WelcomeSlide[] = [
  {
    title: 'Tag the messages',
    icon: MessageSquareText,
    paragraphs: [
      'Live messages about stocks, indices and crypto arrive in the live stream. Tag each one Up or Down: where do you think the price goes next?',
      'About three hours later your prediction is checked against the price. A correct call earns you up to 1 TTC.',
    ],
  },
  {
    title: 'Bet on the polls',
    icon: Vote,
    paragraphs: [
      'Several times a day a poll asks how a title will do by a given time: up, flat or down. Wager your TTC on one answer, once per poll.',
      'When the poll is evaluated, the winners share the pot in proportion to their stakes. With no winner, The Bank takes it.',
    ],
  },
  {
    title: 'Climb the rankings',
    icon: Trophy,
    paragraphs: [
      'Play in the public group with everybody, or create and join groups and events of your own. Each group has a live ranking for this week, last week and all time.',
      'The week’s top three of a group earn gold, silver and bronze trophies.',
    ],
  },
  {
    title: 'Earn TTC',
    icon: Coins,
    paragraphs: [
      'TTC is the game’s play money: you start with a balance and earn more with correct predictions and winning bets.',
      'The reward for a prediction falls when you have more than 20 running, so pick the calls you believe in. Ready?',
    ],
  },
]
