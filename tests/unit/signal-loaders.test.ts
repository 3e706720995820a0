import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { provideUserSkill } from '~/actors/signal.actors'
import { selectLoaded, selectLoadFailure } from '~/machines/loader.machine'
import { signalLoadTexts, userSkillMachine } from '~/machines/signal-loaders.machine'
import { memoryApi, refused } from '../support/memory-api'

describe('the skill loader', () => {
  it("asks for the player's skill by id and holds the answer", async () => {
    const asked: unknown[] = []
    const { api } = memoryApi({
      userSkill: (args) => {
        asked.push(args)
        return { userId: 7, judged: 3 }
      },
    })
    const actor = createActor(provideUserSkill(userSkillMachine, { api }), { input: { userId: 7 } }).start()
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'))
    expect(selectLoaded(actor.getSnapshot())).toEqual({ userId: 7, judged: 3 })
    expect(asked).toEqual([{ params: { user: '7' } }])
    actor.stop()
  })

  it('fails with its text and loads again on reload', async () => {
    let fail = true
    const { api } = memoryApi({ userSkill: () => (fail ? refused(500)() : { userId: 7 }) })
    const actor = createActor(provideUserSkill(userSkillMachine, { api }), { input: { userId: 7 } }).start()
    await waitFor(actor, (snapshot) => snapshot.matches('failed'))
    expect(selectLoadFailure(actor.getSnapshot())).toBe(signalLoadTexts.skillFailed)
    fail = false
    actor.send({ type: 'loader.reload' })
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'))
    expect(selectLoadFailure(actor.getSnapshot())).toBeUndefined()
    actor.stop()
  })
})
