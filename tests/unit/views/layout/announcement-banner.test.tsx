// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { announcementDismissedKey } from '~/machines/announcement.machine'
import { AnnouncementBanner } from '~/views/layout/AnnouncementBanner'
import { memoryApi } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
  localStorage.clear()
})

const maintenance = {
  id: 7,
  text: 'The game pauses for maintenance at 22:00 CET.',
  createdAt: 1,
  endsAt: null,
}

function show(answer: unknown) {
  const view = renderScreen(<AnnouncementBanner />, {
    path: '/',
    api: memoryApi({ announcement: () => answer }),
  })
  stops.push(view.stop)
  return view
}

describe('the announcement banner', () => {
  it("shows the operator's text until the player dismisses it, which this browser keeps", async () => {
    const user = userEvent.setup()
    show({ announcement: maintenance })
    const banner = await screen.findByRole('region', { name: 'Announcement' })
    expect(banner.textContent).toContain('The game pauses for maintenance at 22:00 CET.')
    await user.click(screen.getByRole('button', { name: 'Dismiss the announcement' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull())
    expect(localStorage.getItem(announcementDismissedKey)).toBe('7')
    cleanup()
    // the next visit does not show it again
    const view = show({ announcement: maintenance })
    await waitFor(() => expect(view.calls).toContain('announcement'))
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull()
  })

  it('shows nothing without an announcement', async () => {
    const view = show({ announcement: null })
    await waitFor(() => expect(view.calls).toContain('announcement'))
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull()
  })
})
