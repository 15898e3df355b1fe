// Adds up the JSON reports of every Vitest run and of Playwright and prints one
// closing line, "Tests: N passed, N failed, N skipped", so CI and a person can
// see at a glance how many tests ran — and that some did.
import { existsSync, readFileSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const missing = [];

for (const path of process.argv.slice(2)) {
  if (!existsSync(path)) {
    missing.push(path);
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  if (report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky = passed on retry.
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  } else {
    totals.passed += report.numPassedTests;
    // A test file that fails to load fails no single test, so it counts as at least one failure.
    totals.failed += Math.max(report.numFailedTests, report.numFailedTestSuites);
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
}

for (const path of missing) console.log(`(no report at ${path}: that suite did not finish)`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || missing.length > 0 || totals.passed === 0 ? 1 : 0);
