// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { lazy, Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useClient } from '~/views/client-context'
import { LoadFailureBoundary } from '~/views/common/LoadFailureBoundary'
import { renderScreen } from '../../../support/render-screen'

afterEach(cleanup)

/** A part whose code cannot be fetched, as a lazy import offline. */
const unreachable = () =>
  lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Part.js')))

/** A boundary wired to the client's reporter, as App and PollList wire theirs. */
function Reported({ part: Part }: { readonly part: ReturnType<typeof unreachable> }) {
  const client = useClient()
  return (
    <LoadFailureBoundary inline onError={client.reportRenderError}>
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    </LoadFailureBoundary>
  )
}

describe('LoadFailureBoundary', () => {
  it('shows the page its children render while nothing fails', () => {
    render(
      <LoadFailureBoundary>
        <p>the screen</p>
      </LoadFailureBoundary>,
    )
    expect(screen.getByText('the screen')).toBeTruthy()
  })

  it("says so, with a reload, where a part's code could not be loaded: the screen, or an alert in place", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    const onError = vi.fn()
    const Screen = unreachable()
    const Part = unreachable()
    render(
      <>
        <LoadFailureBoundary onError={onError}>
          <Suspense fallback={null}>
            <Screen />
          </Suspense>
        </LoadFailureBoundary>
        <LoadFailureBoundary inline>
          <Suspense fallback={null}>
            <Part />
          </Suspense>
        </LoadFailureBoundary>
      </>,
    )
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong', level: 1 })).toBeTruthy()
    const alerts = await screen.findAllByRole('alert')
    expect(alerts).toHaveLength(2)
    for (const alert of alerts) {
      expect(alert.textContent).toContain('could not be loaded. Check your connection, then reload.')
      expect(alert.querySelector('button')?.textContent).toBe('Reload')
    }
    expect(String(onError.mock.calls[0]?.[0])).toContain('Failed to fetch dynamically imported module')
    quiet.mockRestore()
  })

  it("tells the client's error reporter, as the app and the bet dialog wire it", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    const view = renderScreen(<Reported part={unreachable()} />)
    await screen.findByRole('alert')
    expect(view.reports).toMatchObject([
      { message: 'A part of the page could not be shown', level: 'error', error: expect.any(TypeError) },
    ])
    view.stop()
    quiet.mockRestore()
  })
})
