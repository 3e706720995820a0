import { ark } from '@ark-ui/react/factory'
import { createStyleContext } from 'styled-system/jsx'
import { table } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `table` slot recipe on the native table elements (native semantics: give it a
 * `Caption`, and `scope` on `Header` cells that head rows).
 */
const { withProvider, withContext } = createStyleContext(table)

/**
 * A `<table>`.
 * - `variant`: 'plain' (row hover) | 'outline' (bordered, shaded head) — @default 'plain'
 * - `size`: 'sm' | 'md' — @default 'md'
 */
export const Root = withProvider(ark.table, 'root')
/** `<thead>` */
export const Head = withContext(ark.thead, 'head')
/** `<tbody>` */
export const Body = withContext(ark.tbody, 'body')
/** `<tfoot>` */
export const Footer = withContext(ark.tfoot, 'footer')
/** `<tr>`; `aria-selected` / `data-selected` shade it in the 'plain' variant. */
export const Row = withContext(ark.tr, 'row')
/** `<th>` */
export const Header = withContext(ark.th, 'header')
/** `<td>` */
export const Cell = withContext(ark.td, 'cell')
/** `<caption>`, shown below the table; names it for screen readers. */
export const Caption = withContext(ark.caption, 'caption')

export type RootProps = ComponentProps<typeof Root>
export type HeadProps = ComponentProps<typeof Head>
export type BodyProps = ComponentProps<typeof Body>
export type FooterProps = ComponentProps<typeof Footer>
export type RowProps = ComponentProps<typeof Row>
export type HeaderProps = ComponentProps<typeof Header>
export type CellProps = ComponentProps<typeof Cell>
export type CaptionProps = ComponentProps<typeof Caption>
