// Adds up the JSON reports of every Vitest run and of Playwright and prints one
// closing line, "Tests: N passed, N failed, N skipped", so CI and a person can
// see at a glance how many tests ran — and that some did. Failed tests are named
// above that line with the first line of their error, because CI shows only the
// end of a long log and a failure must be readable from there.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const totals = { passed: 0, failed: 0, skipped: 0 };
const missing = [];
const failures = [];

const firstLine = (text) =>
  String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the colour codes of a terminal
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '')
    ?.slice(0, 300) ?? '';

/** Adds the report's failures to `failures`; answers how many files failed without a failed test. */
function collectVitestFailures(report) {
  let filesFailedWhole = 0;
  for (const file of report.testResults ?? []) {
    const where = relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      failures.push(`${where} › ${test.fullName}\n      ${firstLine(test.failureMessages?.[0])}`);
    }
    // A file that fails to load (or fails in a hook) has no failed test of its own.
    if (file.status === 'failed' && failed.length === 0) {
      failures.push(`${where} (the file failed)\n      ${firstLine(file.message)}`);
      filesFailedWhole += 1;
    }
  }
  return filesFailedWhole;
}

function collectPlaywrightFailures(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    if (spec.ok) continue;
    const error = spec.tests?.flatMap((test) => test.results ?? []).find((result) => result.error)?.error;
    failures.push(`${[...path, spec.title].join(' › ')}\n      ${firstLine(error?.message)}`);
  }
  for (const child of suite.suites ?? []) collectPlaywrightFailures(child, path);
}

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
    for (const suite of report.suites ?? []) collectPlaywrightFailures(suite);
  } else {
    totals.passed += report.numPassedTests;
    // A test file that fails to load fails no single test, so it counts as one failure. (The report's
    // numFailedTestSuites counts every failed describe block too, so it cannot stand in for files.)
    totals.failed += report.numFailedTests + collectVitestFailures(report);
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
}

if (failures.length > 0) {
  console.log('Failed:');
  for (const failure of failures) console.log(`  ✘ ${failure}`);
}
for (const path of missing) console.log(`(no report at ${path}: that suite did not finish)`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || missing.length > 0 || totals.passed === 0 ? 1 : 0);
