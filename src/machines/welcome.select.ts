import type { SnapshotFrom } from 'xstate'
import type { WelcomeMachine } from './welcome.machine'

type WelcomeSnapshot = SnapshotFrom<WelcomeMachine>

export const selectSlide = (snapshot: WelcomeSnapshot) => snapshot.context.slide
export const selectSlideCount = (snapshot: WelcomeSnapshot) => snapshot.context.slides
export const selectIsLastSlide = (snapshot: WelcomeSnapshot) =>
  snapshot.context.slide === snapshot.context.slides - 1
export const selectSaving = (snapshot: WelcomeSnapshot) =>
  snapshot.matches('saving') || snapshot.matches('done')
export const selectWelcomeError = (snapshot: WelcomeSnapshot) => snapshot.context.error
