import { fromPromise } from 'xstate'
import type { BankReport } from '../api/bank'
import type { BankMachine } from '../machines/bank.machine'
import type { LoaderInput } from '../machines/loader.machine'
import type { ApiDeps } from './account-screens.actors'

/** The Bank page's load. */
export function provideBank(machine: BankMachine, { api }: ApiDeps) {
  return machine.provide({
    actors: {
      load: fromPromise<BankReport, LoaderInput>(({ signal }) => api.call('bank', { signal })),
    },
  })
}
