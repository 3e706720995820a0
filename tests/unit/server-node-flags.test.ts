import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { serverNodeFlags } from '../../scripts/server-node-flags'

describe('the server node flags', () => {
  it('npm start runs the server with the flags start:cluster and the benches use', () => {
    const start: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start
    const flags = /\bnode ((?:--\S+ )*)build\/server\/main\.mjs/.exec(start)?.[1]
    expect(flags?.trim().split(' ')).toEqual([...serverNodeFlags])
  })
})
