// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button, Checkbox, Dialog, Menu, Portal, Tabs, Toaster, toaster } from '~/views/ui'

afterEach(cleanup)

describe('ui kit', () => {
  it('Tabs: a tablist whose tabs switch with the arrow keys', async () => {
    const user = userEvent.setup()
    render(
      <Tabs.Root defaultValue="open">
        <Tabs.List aria-label="Polls">
          <Tabs.Trigger value="open">Open</Tabs.Trigger>
          <Tabs.Trigger value="closed">Closed</Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="open">Open polls</Tabs.Content>
        <Tabs.Content value="closed">Closed polls</Tabs.Content>
      </Tabs.Root>,
    )

    expect(screen.getByRole('tablist', { name: 'Polls' })).toBeTruthy()
    const open = screen.getByRole('tab', { name: 'Open' })
    const closed = screen.getByRole('tab', { name: 'Closed' })
    expect(open.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel').textContent).toBe('Open polls')

    await user.click(open)
    await user.keyboard('{ArrowRight}')

    await waitFor(() => expect(closed.getAttribute('aria-selected')).toBe('true'))
    expect(document.activeElement).toBe(closed)
    expect(open.getAttribute('aria-selected')).toBe('false')
    // the old panel is hidden once its exit (a presence state) ends
    await waitFor(() => expect(screen.getAllByRole('tabpanel')).toHaveLength(1))
    const panel = screen.getByRole('tabpanel')
    expect(panel.textContent).toBe('Closed polls')
    expect(panel.getAttribute('aria-labelledby')).toBe(closed.id)
  })

  it('Dialog: opens from its trigger, is named by its title and closes on Escape', async () => {
    const user = userEvent.setup()
    render(
      <Dialog.Root>
        <Dialog.Trigger asChild>
          <Button>Predict</Button>
        </Dialog.Trigger>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content p="6">
              <Dialog.Title>Place a prediction</Dialog.Title>
              <Dialog.Description>Up, flat or down by the close.</Dialog.Description>
              <Dialog.CloseTrigger asChild>
                <Button variant="ghost">Cancel</Button>
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>,
    )

    const trigger = screen.getByRole('button', { name: 'Predict' })
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog')
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.click(trigger)

    const dialog = await screen.findByRole('dialog', { name: 'Place a prediction' })
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '')
    expect(description?.textContent).toBe('Up, flat or down by the close.')
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))

    await user.keyboard('{Escape}')

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(trigger))
  })

  it('Dialog: the close trigger closes it', async () => {
    const user = userEvent.setup()
    render(
      <Dialog.Root defaultOpen>
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>Leave group</Dialog.Title>
            <Dialog.CloseTrigger asChild>
              <Button variant="ghost">Cancel</Button>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>,
    )

    await user.click(await screen.findByRole('button', { name: 'Cancel' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('Checkbox: a labelled native checkbox toggled by click and Space', async () => {
    const user = userEvent.setup()
    const onCheckedChange = vi.fn()
    render(
      <Checkbox.Root onCheckedChange={onCheckedChange}>
        <Checkbox.Control>
          <Checkbox.Indicator />
        </Checkbox.Control>
        <Checkbox.Label>Email me the results</Checkbox.Label>
        <Checkbox.HiddenInput />
      </Checkbox.Root>,
    )

    const box = screen.getByRole('checkbox', { name: 'Email me the results' }) as HTMLInputElement
    expect(box.checked).toBe(false)

    await user.click(screen.getByText('Email me the results'))
    await waitFor(() => expect(box.checked).toBe(true))
    expect(onCheckedChange).toHaveBeenLastCalledWith(expect.objectContaining({ checked: true }))

    box.focus()
    await user.keyboard(' ')
    await waitFor(() => expect(box.checked).toBe(false))
    expect(onCheckedChange).toHaveBeenLastCalledWith(expect.objectContaining({ checked: false }))
  })

  it('Menu: opens from the keyboard, moves with arrows, selects with Enter', async () => {
    const user = userEvent.setup()
    const onSelect = vi.fn()
    render(
      <Menu.Root onSelect={onSelect}>
        <Menu.Trigger asChild>
          <Button variant="outline">Account</Button>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Signed in as ada</Menu.ItemGroupLabel>
              <Menu.Item value="settings">Settings</Menu.Item>
              <Menu.Item value="groups">Groups</Menu.Item>
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="sign-out">Sign out</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>,
    )

    const trigger = screen.getByRole('button', { name: 'Account' })
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu')
    expect(screen.queryByRole('menu')).toBeNull()

    trigger.focus()
    await user.keyboard('{ArrowDown}')

    const menu = await screen.findByRole('menu')
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Settings',
      'Groups',
      'Sign out',
    ])
    expect(screen.getByRole('group', { name: 'Signed in as ada' })).toBeTruthy()
    expect(screen.getByRole('separator')).toBeTruthy()
    await waitFor(() =>
      expect(menu.getAttribute('aria-activedescendant')).toBe(
        screen.getByRole('menuitem', { name: 'Settings' }).id,
      ),
    )

    await user.keyboard('{ArrowDown}')
    await waitFor(() =>
      expect(menu.getAttribute('aria-activedescendant')).toBe(
        screen.getByRole('menuitem', { name: 'Groups' }).id,
      ),
    )
    await user.keyboard('{Enter}')

    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ value: 'groups' }))
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(trigger))
  })

  it('Menu: Escape closes it', async () => {
    const user = userEvent.setup()
    render(
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button variant="outline">Sort</Button>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="rank">By rank</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>,
    )

    await user.click(screen.getByRole('button', { name: 'Sort' }))
    await screen.findByRole('menu')
    await user.keyboard('{Escape}')

    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  })

  it('Toaster: shows a toast labelled by its title, dismissed by its close button', async () => {
    const user = userEvent.setup()
    render(<Toaster />)

    act(() => {
      toaster.create({ title: 'Prediction saved', description: 'AAPL, up', type: 'success' })
    })

    const title = await screen.findByText('Prediction saved')
    const toast = title.closest('[role="status"]')
    expect(toast?.getAttribute('aria-labelledby')).toBe(title.id)
    expect(screen.getByText('AAPL, up')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }))

    await waitFor(() => expect(screen.queryByText('Prediction saved')).toBeNull())
  })
})
