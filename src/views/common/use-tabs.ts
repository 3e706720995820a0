import { type KeyboardEvent, useId, useRef, useState } from 'react'

/** The keys that move the focus along a horizontal tab list (WAI-ARIA tabs, automatic activation). */
const moves: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
}

/**
 * The WAI-ARIA tabs pattern on plain elements, as Ark's Tabs gives it (without its state machine, for
 * screens that should load little): a `tablist` of `tab` buttons, each controlling its `tabpanel`; only
 * the selected tab is in the tab order, the arrow keys (Home, End) move to another tab and select it.
 * A panel mounts when its tab is first selected and stays mounted (Ark's `lazyMount`).
 */
export function useTabs<V extends string>(values: readonly V[], defaultValue: V) {
  const base = useId()
  const [selected, setSelected] = useState(defaultValue)
  const [shown, setShown] = useState<ReadonlySet<V>>(() => new Set([defaultValue]))
  const triggers = useRef(new Map<V, HTMLButtonElement | null>())
  const tabId = (value: V) => `${base}-tab-${value}`
  const panelId = (value: V) => `${base}-panel-${value}`

  const select = (value: V) => {
    setSelected(value)
    setShown((before) => (before.has(value) ? before : new Set([...before, value])))
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    const next = values[move(values.indexOf(selected), values.length)] as V
    select(next)
    triggers.current.get(next)?.focus()
  }

  return {
    selected,
    /** spread on the element with `role="tablist"` */
    list: { 'aria-orientation': 'horizontal', 'data-orientation': 'horizontal', onKeyDown },
    trigger: (value: V) => ({
      ref: (element: HTMLButtonElement | null) => {
        triggers.current.set(value, element)
      },
      type: 'button' as const,
      role: 'tab',
      id: tabId(value),
      'aria-selected': value === selected,
      'aria-controls': panelId(value),
      'data-selected': value === selected ? '' : undefined,
      'data-orientation': 'horizontal',
      tabIndex: value === selected ? 0 : -1,
      onClick: () => select(value),
    }),
    panel: (value: V) => ({
      role: 'tabpanel',
      id: panelId(value),
      'aria-labelledby': tabId(value),
      tabIndex: 0,
      hidden: value !== selected,
      'data-orientation': 'horizontal',
    }),
    /** whether a panel's content is mounted (its tab was selected once) */
    isMounted: (value: V) => shown.has(value),
  } as const
}
