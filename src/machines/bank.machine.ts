import type { BankReport } from '../api/bank'
import { createLoaderMachine } from './loader.machine'

/** The Bank page's report (`GET /v1/stockgame/bank`): loading, loaded, or failed with Try again. */
export const bankMachine = createLoaderMachine<BankReport>({
  id: 'bank',
  failureText: 'Error fetching the Bank!',
})
export type BankMachine = typeof bankMachine
