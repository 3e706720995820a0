import { createFormMachine } from './form.machine'

/**
 * Settings' "Download your data" (`GET /v1/users/me/data`): a form without fields, the download the whole
 * of it. A refusal (the hourly budget, a session that ended) shows with the button to try again, instead
 * of a saved file that holds the error.
 */
export const dataDownloadMachine = createFormMachine({ id: 'dataDownload', values: {}, rules: () => ({}) })
export type DataDownloadMachine = typeof dataDownloadMachine
