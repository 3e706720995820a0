import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { repoRoot } from './paths'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The SPA built for this run, served by every `startE2eServer()`. */
    e2eStaticDir: string
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // NODE_ENV: vitest sets it to 'test'; the SPA must be the production build players get.
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code}):\n${output}`))
    })
  })
}

/**
 * Builds the SPA once per run, as `npm run build` does (panda codegen, vite build), into a folder of
 * its own: a concurrent `npm start` or a second e2e run cannot empty it under the server's feet.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  // E2E_STATIC_DIR: a folder built before (`vite build --outDir …`), for running one file again quickly
  const prebuilt = process.env.E2E_STATIC_DIR
  if (prebuilt) {
    project.provide('e2eStaticDir', prebuilt)
    return () => {}
  }
  const outDir = mkdtempSync(join(tmpdir(), 'alpha-e2e-dist-'))
  const started = Date.now()
  const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name)
  try {
    await run(bin('panda'), ['codegen', '--silent'])
    await run(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'])
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true })
    throw error
  }
  console.log(`e2e: SPA built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  project.provide('e2eStaticDir', outDir)
  return () => rmSync(outDir, { recursive: true, force: true })
}
