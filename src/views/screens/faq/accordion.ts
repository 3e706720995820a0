import { Accordion } from '@ark-ui/react/accordion'
import { createStyleContext } from 'styled-system/jsx'
import { accordion } from 'styled-system/recipes'

/*
 * Park UI's `accordion` slot recipe on Ark's Accordion (the kit has none). Each trigger is a button
 * with aria-expanded and aria-controls; arrow keys, Home and End move between triggers, Enter and
 * Space open and close. Import as `* as Accordion` and write `<Accordion.Root>`: Panda finds the
 * recipe's usage by that name.
 */
const { withProvider, withContext } = createStyleContext(accordion)

/** `multiple`, `collapsible`, `defaultValue` (the open items' values). */
export const Root = withProvider(Accordion.Root, 'root')
export const Item = withContext(Accordion.Item, 'item')
/** Put it inside a heading (`<h2>`), so the questions stay in the page outline. */
export const ItemTrigger = withContext(Accordion.ItemTrigger, 'itemTrigger')
export const ItemContent = withContext(Accordion.ItemContent, 'itemContent')
export const ItemIndicator = withContext(Accordion.ItemIndicator, 'itemIndicator')
