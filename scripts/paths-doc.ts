/**
 * Writes docs/paths.md (tests/model/paths-doc.ts). Run with `npm run paths:doc` after changing a machine
 * or its model in tests/model; `tests/model/paths-doc.test.ts` fails while the committed file is stale.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { pathsDocPath, pathsDocument } from '../tests/model/paths-doc'

const target = fileURLToPath(new URL(`../${pathsDocPath}`, import.meta.url))
writeFileSync(target, pathsDocument())
console.log(`wrote ${target}`)
