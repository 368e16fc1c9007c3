// The failed specs of Playwright JSON reports, one `file › title` a line; with --count, each once with the
// number of reports it failed in (missing reports count as a failed run of their own, `(no report)`).
import { existsSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const counting = args[0] === '--count';
const reports = counting ? args.slice(1) : args;

function failures(path) {
  if (!existsSync(path)) return ['(no report: the run ended before Playwright wrote one)'];
  const failed = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'unexpected' || test.status === 'flaky') failed.push(`${file} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  const report = JSON.parse(readFileSync(path, 'utf8'));
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  for (const error of report.errors ?? []) failed.push(`(error outside a spec) ${error.message?.split('\n')[0]}`);
  return failed;
}

const counts = new Map();
for (const path of reports) for (const name of new Set(failures(path))) counts.set(name, (counts.get(name) ?? 0) + 1);
for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1]))
  console.log(counting ? `${count}/${reports.length}  ${name}` : name);
