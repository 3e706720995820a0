/** One chunk of dist/.vite/manifest.json (vite's `build.manifest`). */
export interface ManifestChunk {
  readonly file: string
  readonly src?: string
  readonly name?: string
  readonly isEntry?: boolean
  readonly isDynamicEntry?: boolean
  /** keys of the chunks it imports statically: loaded with it */
  readonly imports?: readonly string[]
  /** keys of the chunks it imports with `import()`: loaded later, when asked */
  readonly dynamicImports?: readonly string[]
  readonly css?: readonly string[]
}

export type Manifest = Readonly<Record<string, ManifestChunk>>

/** What a page loads for some starting chunks: their files and static imports, and what stays lazy. */
export interface Loaded {
  /** the manifest keys, starting chunks first, each once */
  readonly keys: readonly string[]
  readonly js: readonly string[]
  readonly css: readonly string[]
  /** the dynamic imports met on the way that are not loaded anyway */
  readonly lazy: readonly string[]
}

/** The entry chunk of the HTML page (index.html). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry)
  const page =
    entries.find(([key, chunk]) => key.endsWith('.html') || chunk.src?.endsWith('.html')) ?? entries[0]
  if (!page) throw new Error('the manifest has no entry chunk')
  return page[0]
}

const withoutExtension = (path: string) => path.replace(/\.[cm]?[jt]sx?$/, '')

/**
 * The chunk a route's `React.lazy` loads: the dynamic entry whose source is the screen module
 * (matched with or without its extension); undefined when the build has no such chunk.
 */
export function screenKey(manifest: Manifest, screen: string): string | undefined {
  const wanted = withoutExtension(screen)
  const matches = Object.entries(manifest).filter(
    ([key, chunk]) => withoutExtension(chunk.src ?? key) === wanted || withoutExtension(key) === wanted,
  )
  return (matches.find(([, chunk]) => chunk.isDynamicEntry) ?? matches[0])?.[0]
}

/** The starting chunks and everything they import statically, never following `import()`. */
export function staticClosure(manifest: Manifest, start: readonly string[]): Loaded {
  const keys: string[] = []
  const visit = (key: string) => {
    if (keys.includes(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`)
    keys.push(key)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of start) visit(key)
  const chunks = keys.map((key) => manifest[key] as ManifestChunk)
  const lazy = new Set(
    chunks.flatMap((chunk) => chunk.dynamicImports ?? []).filter((key) => !keys.includes(key)),
  )
  return {
    keys,
    js: chunks.map((chunk) => chunk.file),
    css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
    lazy: [...lazy],
  }
}
