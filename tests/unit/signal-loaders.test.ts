import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, waitFor } from 'xstate'
import { provideAuthorScores, provideUserSkill } from '~/actors/signal.actors'
import {
  authorScoresMachine,
  authorScoresRefreshMs,
  selectAuthorScore,
} from '~/machines/author-scores.machine'
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

describe('the author scores behind the badges', () => {
  const entry = (author: string, score: number) => ({
    author,
    rank: 1,
    judged: 10,
    provedRight: 6,
    score,
    interval: { low: 0.3, high: 0.8 },
  })

  it('loads the busiest authors, finds them by handle, and reads them again every few minutes', async () => {
    const clock = new SimulatedClock()
    const answers = [
      { authors: [entry('Ann', 0.6)], total: 1, nextOffset: null },
      { authors: [entry('Ann', 0.7)], total: 1, nextOffset: null },
    ]
    const asked: unknown[] = []
    const { api } = memoryApi({
      authors: (args) => {
        asked.push(args)
        return answers.shift()
      },
    })
    const actor = createActor(provideAuthorScores(authorScoresMachine, { api }), { clock }).start()
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'))
    expect(selectAuthorScore(actor.getSnapshot(), '@ann')?.score).toBe(0.6)
    expect(selectAuthorScore(actor.getSnapshot(), 'nobody')).toBeUndefined()
    expect(asked).toEqual([{ query: { sort: 'judged', limit: 100, offset: 0 } }])
    clock.increment(authorScoresRefreshMs - 1)
    expect(asked).toHaveLength(1)
    clock.increment(1)
    await waitFor(actor, (snapshot) => selectAuthorScore(snapshot, 'ann')?.score === 0.7)
    expect(asked).toHaveLength(2)
    actor.stop()
  })

  it('keeps the last scores when a read fails, and tries again', async () => {
    const clock = new SimulatedClock()
    let fail = false
    const { api } = memoryApi({
      authors: () => (fail ? refused(500)() : { authors: [entry('ann', 0.6)], total: 1, nextOffset: null }),
    })
    const actor = createActor(provideAuthorScores(authorScoresMachine, { api }), { clock }).start()
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'))
    fail = true
    clock.increment(authorScoresRefreshMs)
    await waitFor(actor, (snapshot) => snapshot.matches('failed'))
    expect(selectAuthorScore(actor.getSnapshot(), 'ann')?.score).toBe(0.6)
    fail = false
    clock.increment(60_000)
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'))
    actor.stop()
  })
})
