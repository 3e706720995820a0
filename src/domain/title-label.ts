/** A title as a player reads it: its name, or 'Title #2494' while the titles load or for one unknown. */
export const titleLabel = (titleId: number, name: string | undefined) => name ?? `Title #${titleId}`
