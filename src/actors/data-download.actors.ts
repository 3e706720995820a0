import { fromPromise } from 'xstate'
import type { ApiClient } from '../api/client'
import { playerDataFileName } from '../api/player-data'
import type { DataDownloadMachine } from '../machines/data-download.machine'
import type { FormValues } from '../machines/form.types'

/** Puts a text into a file the browser saves (a link to it, clicked). */
export type SaveFile = (name: string, text: string) => void

export function browserSaveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // the click has handed the file to the browser's download
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** The download's effects: the player's data from the server, saved as a file named for them and the day. */
export function provideDataDownload(
  machine: DataDownloadMachine,
  deps: { readonly api: ApiClient; readonly saveFile?: SaveFile },
) {
  const save = deps.saveFile ?? browserSaveFile
  return machine.provide({
    actors: {
      submit: fromPromise<unknown, FormValues>(async ({ signal }) => {
        const data = await deps.api.call('playerData', { signal })
        const name = playerDataFileName(data.account.username, data.exportedAt)
        save(name, JSON.stringify(data))
        return name
      }),
    },
  })
}
