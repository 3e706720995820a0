// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { MainNav, TabBar } from '../../../../src/views/layout/MainNav'

afterEach(cleanup)

/** The header's bar and the tab bar both carry the name Main: one is hidden per breakpoint by CSS. */
function bars(path: string) {
  const location = memoryLocation({ path })
  render(
    <Router hook={location.hook}>
      <MainNav />
      <TabBar />
    </Router>,
  )
  return screen.getAllByRole('navigation', { name: 'Main' })
}

const currentLinks = (bar: HTMLElement) =>
  within(bar)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent)

describe('the main navigation (spec §2)', () => {
  it('lists the six destinations in both bars, in order', () => {
    for (const bar of bars('/'))
      expect(
        within(bar)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/', '/livestream', '/polls', '/rankings', '/groups', '/faq'])
  })

  it('marks the current destination only, also on a page below it', () => {
    for (const bar of bars('/groups/1001')) expect(currentLinks(bar)).toEqual(['Groups'])
  })

  it('marks the dashboard on / only', () => {
    const [header] = bars('/polls')
    expect(currentLinks(header as HTMLElement)).toEqual(['Polls'])
    cleanup()
    const [onDashboard] = bars('/')
    expect(currentLinks(onDashboard as HTMLElement)).toEqual(['Dashboard'])
  })
})
