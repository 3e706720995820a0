import type { AnyEventObject } from 'xstate'
import type { Transaction } from '../../src/api/transactions'
import { transactionsMachine } from '../../src/machines/account-loaders.machine'
import type { LoaderContext } from '../../src/machines/loader.machine'
import { isAfterEvent, type Output, type PathModel } from './paths'

export const wallet = { walletAddress: 'w-1' }
export const lastTransactions: Transaction[] = [
  { transactionId: 1, receiver: 'w-1', type: 'grant', amount: 100, reference: 'grant', createdAt: 1 },
]
export const loadFailure = new Error('transactions unavailable')

/**
 * The credit menu's list, written out: it loads when shown; a reload (Retry) loads it again unless a load runs; a failed
 * load also loads again on its own after 2 s, 10 s, then every 60 s.
 */
function loads(from: { value: unknown } | undefined, event: AnyEventObject) {
  if (event.type === 'xstate.init') return true
  if (event.type === 'loader.reload') return from?.value !== 'loading'
  return from?.value === 'failed' && isAfterEvent(event)
}

export const transactionsModel: PathModel = {
  name: 'transactions',
  summary:
    "The credit menu's last transactions, a loader of one read (spec §2, §8): loaded while shown, 'Error fetching transactions!' on a failure, which is retried in the background after 2, 10, then 60 s, or at once on Retry, keeping what loaded before.",
  machine: transactionsMachine,
  input: wallet,
  // a reload while loading waits for the running load
  ignoredEvents: ['loader.reload'],
  events: [
    { type: 'loader.reload' },
    { type: 'xstate.done.actor.load', output: lastTransactions },
    { type: 'xstate.done.actor.load', output: [] },
    { type: 'xstate.error.actor.load', error: loadFailure },
  ],
  expectedOutputs: ({ from, event }): Output[] =>
    loads(from, event) ? [{ call: 'load', input: wallet }] : [],
  describeState: (snapshot) => {
    const context = snapshot.context as LoaderContext<readonly Transaction[]>
    const facts = [
      context.data === undefined ? 'nothing loaded' : `${context.data.length} transactions`,
      ...(context.failure ? [context.failure] : []),
      ...(context.failures ? [`${context.failures} failed in a row`] : []),
    ]
    return `${String(snapshot.value)} (${facts.join('; ')})`
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'loader.reload':
        return 'Retry (or reload)'
      case 'xstate.done.actor.load':
        return event.output.length ? 'a transaction arrives' : 'no transactions'
      case 'xstate.error.actor.load':
        return 'loading fails'
      default:
        return undefined
    }
  },
}
