import { fileURLToPath } from 'node:url'

/** The repository's root folder (the server and the build run from there). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** Where `screenshot()` writes; git-ignored. */
export const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url))
