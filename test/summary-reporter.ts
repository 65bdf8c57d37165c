import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

// CI reads a plain closing line, not vitest's own summary: print exactly one.
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      // A module that failed to load has no tests but is a failure all the same.
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed += 1;
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    // .ci/run runs several suites and prints one combined closing line from these.
    const file = process.env.TEST_SUMMARY_FILE;
    if (file) appendFileSync(file, `${passed} ${failed} ${skipped}\n`);
  }
}
