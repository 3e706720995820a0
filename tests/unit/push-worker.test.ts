import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../support/processes'

const origin = 'https://alpha.example'

interface WindowClient {
  url: string
  focused: boolean
  navigatedTo?: string
  focus(): Promise<void>
  navigate(url: string): Promise<void>
}

const windowAt = (url: string, navigates = true): WindowClient => ({
  url,
  focused: false,
  async focus() {
    this.focused = true
  },
  async navigate(to) {
    if (!navigates) throw new TypeError('not controlled by this worker')
    this.navigatedTo = to
  },
})

/**
 * public/push-sw.js as the browser runs it inside the app's worker: its listeners on a stand-in `self`
 * with the windows of the app that are open, what it showed and what it opened.
 */
function worker(windows: WindowClient[] = []) {
  const listeners = new Map<string, (event: unknown) => void>()
  const shown: { title: string; options: Record<string, unknown> }[] = []
  const opened: string[] = []
  const self = {
    location: { origin },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options })
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url)
      },
    },
  }
  runInNewContext(readFileSync(join(repoRoot, 'public/push-sw.js'), 'utf8'), { self, URL })
  /** dispatches an event and waits for what it asked the browser to wait for */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve()
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) })
    await pending
  }
  const click = (data: unknown) => {
    const notification = {
      data,
      closed: false,
      close() {
        this.closed = true
      },
    }
    return dispatch('notificationclick', { notification }).then(() => notification)
  }
  return { shown, opened, dispatch, click }
}

describe("the app worker's push", () => {
  it("shows the server's news as a notification that keeps where it leads", async () => {
    const { shown, dispatch } = worker()
    const news = { title: 'You won a trophy', body: 'Gold in Traders', tag: 'trophy:1', url: '/rankings' }
    await dispatch('push', { data: { json: () => news } })
    expect(shown).toEqual([
      {
        title: 'You won a trophy',
        options: {
          body: 'Gold in Traders',
          tag: 'trophy:1',
          icon: '/icons/pwa-192x192.png',
          data: { url: '/rankings' },
        },
      },
    ])
  })

  it('still shows a notification for a push it cannot read, as browsers require', async () => {
    const { shown, dispatch } = worker()
    await dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('garbled')
        },
      },
    })
    await dispatch('push', {})
    expect(shown.map(({ title, options }) => [title, options.data])).toEqual([
      ['Alpha', { url: '/' }],
      ['Alpha', { url: '/' }],
    ])
  })

  it("brings an open window of the app to the front on a click, at the news' page", async () => {
    const open = windowAt(`${origin}/polls`)
    const elsewhere = windowAt('https://elsewhere.example/')
    const { click, opened } = worker([elsewhere, open])
    const notification = await click({ url: '/rankings' })
    expect(notification.closed).toBe(true)
    expect(open.focused).toBe(true)
    expect(open.navigatedTo).toBe(`${origin}/rankings`)
    expect(elsewhere.focused).toBe(false)
    expect(opened).toEqual([])
  })

  it('leaves a window already at the page where it is, and fronts one it cannot navigate', async () => {
    const there = windowAt(`${origin}/groups`)
    await worker([there]).click({ url: '/groups' })
    expect(there.focused).toBe(true)
    expect(there.navigatedTo).toBeUndefined()

    const uncontrolled = windowAt(`${origin}/`, false)
    const { opened, click } = worker([uncontrolled])
    await click({ url: '/bank' })
    expect(uncontrolled.focused).toBe(true)
    expect(opened).toEqual([])
  })

  it('opens the app at the page when no window of it is open, the home page without one', async () => {
    const { click, opened } = worker([windowAt('https://elsewhere.example/')])
    await click({ url: '/groups' })
    await click(undefined)
    expect(opened).toEqual([`${origin}/groups`, `${origin}/`])
  })
})
