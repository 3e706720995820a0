// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { lazy, Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoadFailureBoundary } from '~/views/common/LoadFailureBoundary'

afterEach(cleanup)

/** A part whose code cannot be fetched, as a lazy import offline. */
const unreachable = () =>
  lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Part.js')))

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
})
