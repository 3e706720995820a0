/**
 * The columns a phone leaves out of the prediction tables (below `md`): their values go into the row's
 * first cell instead, so the result stays in view without scrolling the table sideways.
 */
export const wideColumn = { display: { base: 'none', md: 'table-cell' } } as const

/** The first cell's summary line of the left-out columns: on phones only. */
export const narrowOnly = { display: { base: 'block', md: 'none' } } as const
