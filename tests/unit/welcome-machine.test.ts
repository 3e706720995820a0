import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { defaultSettings, type Settings } from '~/api/settings'
import { welcomeMachine } from '~/machines/welcome.machine'
import { selectIsLastSlide, selectSaving, selectSlide, selectWelcomeError } from '~/machines/welcome.select'

function start(next?: string, save: () => Promise<Settings> = async () => saved) {
  const log: unknown[] = []
  const actor = createActor(
    welcomeMachine.provide({
      actors: { saveSettings: fromPromise(save) },
      actions: {
        settingsSaved: (_, settings) => log.push({ settingsSaved: settings }),
        goTo: (_, path) => log.push({ goTo: path }),
      },
    }),
    { input: { slides: 4, next } },
  ).start()
  return { actor, log }
}

const saved: Settings = { ...defaultSettings, isFirstTimeUser: false }

describe('the welcome slides', () => {
  it('moves between the four slides without leaving them', () => {
    const { actor } = start()
    const slide = () => selectSlide(actor.getSnapshot())
    actor.send({ type: 'welcome.previous' })
    expect(slide()).toBe(0)
    for (let i = 0; i < 5; i++) actor.send({ type: 'welcome.next' })
    expect(slide()).toBe(3)
    expect(selectIsLastSlide(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'welcome.show', slide: 1 })
    expect(slide()).toBe(1)
    actor.send({ type: 'welcome.show', slide: 9 })
    expect(slide()).toBe(3)
  })

  it('finishes only from the last slide: saves, tells the session, then goes to next', async () => {
    const { actor, log } = start('/polls?tab=finished')
    actor.send({ type: 'welcome.finish' })
    expect(selectSaving(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'welcome.show', slide: 3 })
    actor.send({ type: 'welcome.finish' })
    expect(selectSaving(actor.getSnapshot())).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(log).toEqual([{ settingsSaved: saved }, { goTo: '/polls?tab=finished' }])
  })

  it('goes to the index when next is missing or leaves the app', async () => {
    for (const next of [undefined, '//evil.test', 'https://evil.test']) {
      const { actor, log } = start(next)
      actor.send({ type: 'welcome.show', slide: 3 })
      actor.send({ type: 'welcome.finish' })
      await waitFor(actor, (snapshot) => snapshot.status === 'done')
      expect(log.at(-1)).toEqual({ goTo: '/' })
    }
  })

  it("stays on the last slide with 'Error saving settings' when the patch fails", async () => {
    const { actor, log } = start('/', async () => {
      throw new Error('down')
    })
    actor.send({ type: 'welcome.show', slide: 3 })
    actor.send({ type: 'welcome.finish' })
    await waitFor(actor, (snapshot) => snapshot.matches('browsing'))
    expect(selectWelcomeError(actor.getSnapshot())).toBe('Error saving settings')
    expect(log).toEqual([])
  })
})
