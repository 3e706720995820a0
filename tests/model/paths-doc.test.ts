import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../support/processes'
import { pathsDocPath, pathsDocument } from './paths-doc'

describe(pathsDocPath, () => {
  it('is the document the machines generate now (run `npm run paths:doc` and commit it when this fails)', () => {
    const committed = readFileSync(`${repoRoot}/${pathsDocPath}`, 'utf8')
    // compared as text so the failure shows the first paths that differ
    expect(committed).toBe(pathsDocument())
  })
})
