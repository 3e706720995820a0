import type { PathModel } from './paths'
import { serverErrorModel } from './server-error.model'
import { stateFetchModel } from './state-fetch.model'
import { storeModel } from './store.model'

/** Every machine with generated path tests, in the order of docs/paths.md. */
export const pathModels: readonly PathModel[] = [serverErrorModel, stateFetchModel, storeModel]
