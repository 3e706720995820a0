import type { Reporter, TestModule } from 'vitest/node'

/** Suites named '<machine> paths' hold one test per generated path (plus a few overall checks). */
const pathSuite = / paths$/
const pathTest = /^path \d+:/

/** Prints how many generated paths ran and passed per machine, after `npm run test:paths`. */
export default class PathsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = new Map<string, { passed: number; failed: number }>()
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const suite = test.parent.type === 'suite' ? test.parent.name : ''
        if (!pathSuite.test(suite) || !pathTest.test(test.name)) continue
        const machine = suite.replace(pathSuite, '')
        const count = counts.get(machine) ?? { passed: 0, failed: 0 }
        if (test.result().state === 'passed') count.passed += 1
        else count.failed += 1
        counts.set(machine, count)
      }
    }
    if (counts.size === 0) return
    const width = Math.max(...[...counts.keys()].map((name) => name.length))
    const lines = [...counts].map(
      ([machine, { passed, failed }]) =>
        `  ${machine.padEnd(width)}  ${String(passed + failed).padStart(3)} paths${failed ? `, ${failed} FAILED` : ''}`,
    )
    const total = [...counts.values()].reduce((sum, count) => sum + count.passed + count.failed, 0)
    process.stdout.write(`\nGenerated paths covered per machine:\n${lines.join('\n')}\n  total ${total}\n\n`)
  }
}
