import { authorPrior } from '~/domain/author-prior'
import { signUpGrantHundredths } from '~/domain/grants'
import { formatTtc } from '~/domain/number-format'
import { weekdayPollTimes, weekendPollTimes } from '~/domain/poll-schedule'
import { fullRewardRunningLimit } from '~/domain/reward-factor'
import { skillMinimumJudged, skillSignificance } from '~/domain/skill'

export interface FaqEntry {
  readonly id: string
  readonly question: string
  /** paragraphs */
  readonly answer: readonly string[]
}

const weekdays = weekdayPollTimes.join(', ')
const weekends = weekendPollTimes.join(', ')

/** The FAQ, built from the game's own constants so the answers never drift from the rules. */
export const faqEntries: readonly FaqEntry[] = [
  {
    id: 'tagging',
    question: 'How does tagging work?',
    answer: [
      'In the live stream you rate short messages about a title as Up or Down: that is your prediction. You can make one prediction per message and title.',
      'About 3 hours after you made it, the prediction is evaluated against the price: Up is correct when the price rose, Down when it fell.',
      `A correct prediction earns 1 TTC. With more than ${fullRewardRunningLimit} predictions running, the reward falls: each new prediction carries a reward factor of min(1, ${fullRewardRunningLimit} / running predictions).`,
    ],
  },
  {
    id: 'polls',
    question: 'How do polls work?',
    answer: [
      `Polls start at ${weekdays} on weekdays (Monday to Friday) and at ${weekends} on weekends, in your local time. When no poll is open, a countdown shows when the next one starts.`,
      'Each poll asks how a title will move by a given time: up, flat or down. You bet TTC on your answer, once per poll.',
      'All bets go into one pot. When the poll is evaluated, the winners share the pot in proportion to their stakes. When nobody picked the right answer, The Bank takes the pot.',
    ],
  },
  {
    id: 'fair-play',
    question: 'Why are some Up, Down or bet buttons disabled?',
    answer: [
      'Fair play. While one of your predictions on a title is running, you cannot predict the opposite direction on the same title: holding Up and Down at once would make one of them win whatever the price does. More predictions in the same direction are fine, and once the running one is evaluated you may change your mind.',
      "Nothing is tagged or bet on a title whose market is closed: its price cannot move until the market opens, so a prediction would be judged on a price that stood still. Each market keeps its own hours (New York, Frankfurt, Tokyo…; crypto trades around the clock). The disabled button tells you when the title's market opens, in your local time.",
      'These are our rules, the same in the app and on the server: a request that breaks one is refused with a warning that says why.',
    ],
  },
  {
    id: 'groups',
    question: 'What are groups?',
    answer: [
      'Every player is in the public group. You can join other public groups, create your own public or private group, or run an event for a limited time.',
      'Group admins change the group, invite members and choose admins; every member can leave. Your active group decides which ranking and activity you see.',
    ],
  },
  {
    id: 'rankings',
    question: 'How do rankings and trophies work?',
    answer: [
      'Rankings list the players of a group by points for this week, last week and all time. Points are the TTC you won in the period; accuracy is the share of your evaluated predictions that were correct.',
      'The top three of each week earn gold, silver and bronze trophies. Your trophies show as badges in your account menu and in your user info.',
    ],
  },
  {
    id: 'skill',
    question: 'What does "skill shown" mean?',
    answer: [
      'Your user info shows your hit rate over your evaluated predictions with a 95% interval (the Wilson interval: with few predictions it is wide), and the chance that a coin would have done at least as well (the one-sided binomial p-value against 50%).',
      `"Skill shown" appears only when that chance is below ${skillSignificance * 100}% over at least ${skillMinimumJudged} evaluated predictions: fewer could be luck.`,
      'The score against the crowd rewards being right when others disagreed. For each evaluated prediction, s is the share of earlier predictions on the same message and title that took your side (one half when there were none): right earns 1 − s, wrong costs s. The score is the average: 0 means you were right exactly as often as the crowd on your side expected, above 0 that you knew more than the crowd.',
    ],
  },
  {
    id: 'author-score',
    question: 'What is the signal score of an author?',
    answer: [
      "Each message in the stream has an author. A message's crowd is the players who tagged it; its majority is the direction most of their evaluated predictions took, and the majority proved right when more than half of those predictions were correct. A tie has no majority and does not count.",
      `The signal score is the share of an author's messages whose majority proved right, as a Beta(${authorPrior.alpha}, ${authorPrior.beta}) posterior mean: (${authorPrior.alpha} + right) / (${authorPrior.alpha + authorPrior.beta} + judged). Every author starts at 50%, as if they had ${authorPrior.alpha + authorPrior.beta} messages already, half of them right, so two lucky calls make 58%, not 100%. The 95% interval beside it shows how sure the score is.`,
      "The badge on each message shows its author's score; the authors page lists them all, and each author's page their recent messages with the crowd's split and outcome.",
    ],
  },
  {
    id: 'ttc',
    question: 'What is TTC?',
    answer: [
      `TTC is the game's play money: it has no value outside Alpha. You start with ${formatTtc(signUpGrantHundredths / 100)}.`,
      'You earn TTC with correct predictions and winning bets, and stake it on polls. Your balance and last transactions are in the credit menu.',
    ],
  },
]
