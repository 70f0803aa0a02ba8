// `npm test`: every check and test of the project in one run, ending with `N passed, N failed`.
// Steps: dependencies -> system packages (apt on Debian as root) -> unit and integration tests (SQLite and
// PostgreSQL, embedded broker and Mosquitto), with lint, type checks, the console build and the demo's seed beside
// them -> end to end in Chromium (shards side by side, each with its own demo server on a copy of that seed) with
// the cluster harness beside them. With CI=true nothing may be skipped: a missing prerequisite fails the run.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureSystemPackages, startMosquitto, startPostgres } from './lib/services.mjs';
import { ensureNodeModules, log, ROOT } from './lib/util.mjs';

const CI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const results = path.join(ROOT, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const skipped = [];
// What failed, by name, repeated just above the last line: CI keeps only the tail of a long run's output.
const failures = [];
/** Counts one failure, says it now, and again in the list above the last line. */
/**
 * The first line of a failure. Vitest reports a test or hook that ran past its timeout with the stack of an
 * error it made in advance, whose first line is "Error: STACK_TRACE_ERROR": that is said as a timeout.
 */
function firstLine(message = '') {
  const line = message.split('\n')[0].slice(0, 300);
  return line === 'Error: STACK_TRACE_ERROR' ? 'ran past its timeout (vitest says STACK_TRACE_ERROR)' : line;
}

/**
 * Why vitest exited non-zero with no failed test (an unhandled error or rejection, a worker that died): the
 * kind of error, its first line and the file it came from, read from the run's log.
 */
function whyExited(logFile) {
  if (!existsSync(logFile)) return '';
  const lines = stripVTControlCharacters(readFileSync(logFile, 'utf8')).split('\n');
  // an unhandled error's block, else the first error vitest printed (a global setup that threw)
  let start = lines.findIndex((l) => /Unhandled (Error|Rejection)|Worker .*(exited|error)|unexpectedly/i.test(l));
  if (start < 0) start = lines.findIndex((l) => /^\s*(\w*Error|Error):/.test(l));
  if (start < 0) return '';
  const near = lines.slice(start, start + 40);
  const kind = near.find((l) => /⎯\s*Unhandled (Error|Rejection)\s*⎯|Worker/.test(l));
  const error = near.find((l) => /^\s*(\w*Error|Error):/.test(l));
  const origin = near.find((l) => /originated in/.test(l))?.match(/"([^"]+)"/)?.[1];
  return `: ${[kind, error, origin && `from ${origin}`]
    .filter(Boolean)
    .map((l) => l.replace(/⎯/g, '').trim())
    .join('; ')
    .slice(0, 400)}`;
}

function fail(what) {
  failed++;
  failures.push(what);
  log(`FAILED: ${what}`);
}
const cleanups = [];
const cleanup = () => {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      fn();
    } catch (err) {
      log(`cleanup: ${err.message}`);
    }
  }
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

/**
 * Runs a command with its output kept in a file and printed whole when it ends, so commands that run side by
 * side do not interleave their lines. Resolves to the exit status.
 */
function job(name, cmd, args, env) {
  const out = path.join(results, `${name.replace(/[^\w.-]+/g, '_')}.log`);
  const started = Date.now();
  log(`${name}: started`);
  return new Promise((resolve) => {
    // written as it comes (to follow a long job: tail -f .test-results/<job>.log), printed whole at the end
    const file = openSync(out, 'w');
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', file, file] });
    child.on('close', (code, signal) => {
      closeSync(file);
      const text = readFileSync(out, 'utf8');
      log(`${name}: ${cmd} ${args.join(' ')} (${Math.round((Date.now() - started) / 1000)} s)`);
      process.stdout.write(text);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function check(name, cmd, args, env) {
  if ((await job(name, cmd, args, env)) === 0) passed++;
  else {
    fail(name);
  }
}

/** Runs vitest projects with a JSON report and adds its counts. */
async function vitest(label, projects, env, extra = []) {
  const out = path.join(results, `${label}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json'];
  const status = await job(`${label} tests`, 'npx', [...args, ...extra, `--outputFile.json=${out}`], env);
  if (!existsSync(out)) {
    fail(`${label}: vitest wrote no report (exit ${status})`);
    return;
  }
  const rep = JSON.parse(readFileSync(out, 'utf8'));
  passed += rep.numPassedTests;
  failed += rep.numFailedTests;
  for (const suite of rep.testResults) {
    const file = path.relative(ROOT, suite.name);
    for (const t of suite.assertionResults.filter((a) => a.status === 'failed'))
      failures.push(`${label}: ${file} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (suite.status === 'failed' && suite.assertionResults.length === 0)
      failures.push(`${label}: ${file} did not load: ${(suite.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
  const pending = rep.numPendingTests + rep.numTodoTests;
  if (pending) skipped.push(`${pending} ${label} tests marked skip/todo`);
  // A suite that fails to load has no tests to count, but it is a failure.
  const brokenSuites = rep.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
  failed += brokenSuites;
  if (status !== 0 && rep.numFailedTests === 0 && brokenSuites === 0) {
    fail(`${label}: vitest exited with ${status}${whyExited(path.join(results, `${label}_tests.log`))}`);
  }
}

// Most tests wait on sockets, databases, child processes and timers: with one worker per core the CPU was
// busy 70 % of the time (measured), with two per core the step took a fifth less. TEST_WORKERS overrides. End-to-end files run in shards, each with its
// own demo server, so no two files share one server's state.
const WORKERS = Number(process.env.TEST_WORKERS) || 2 * Math.max(2, os.availableParallelism());
const E2E_SHARDS = Number(process.env.E2E_SHARDS) || 2;

async function main() {
  // npm's packages and the system's side by side: one is mostly download and unpacking, the other dpkg (on a fresh
  // Debian machine about 95 and 40 s one after the other).
  const [, missing] = await Promise.all([ensureNodeModules(), ensureSystemPackages()]);
  const env = {};

  // Lint and the type checks (the benchmarks too, so a moved module cannot break them unseen) depend on nothing
  // and nothing depends on them: they run beside everything up to the end-to-end step.
  const checks = Promise.all([
    check('lint', 'npx', ['biome', 'check', '.']),
    // the Node workspaces as one program (tsconfig.node.json), the console on its own (DOM and JSX). Checked by
    // TypeScript's native compiler (tsgo: the same checks, a third of tsc's CPU); editors and tools keep
    // TypeScript 5 (docs/DECISIONS.md, "Type checks by the native compiler").
    ...['tsconfig.node.json', 'apps/web'].map((ws) => check(`types ${ws}`, 'npx', ['tsgo', '-p', ws])),
  ]);

  // The services the tests reach by URL, each started when its package is installed (else those runs are skipped).
  const services = [
    [
      'postgresql',
      'PostgreSQL',
      startPostgres,
      'TEST_DATABASE_URL',
      'PostgreSQL runs of the server tests (only SQLite ran)',
    ],
    ['mosquitto', 'Mosquitto', startMosquitto, 'TEST_MQTT_URL', 'tests against an external Mosquitto broker'],
  ];
  for (const [pkg, name, start, variable, withoutIt] of services) {
    if (missing.includes(pkg)) skipped.push(withoutIt);
    else {
      const service = await start();
      cleanups.push(service.stop);
      env[variable] = service.url;
      log(`${name} for tests at ${service.url}`);
    }
  }

  // Tests that need these tools are marked skip when they are missing, and so counted as skipped below.
  if (missing.includes('ffmpeg')) skipped.push('video tests (ffmpeg missing)');
  if (missing.includes('poppler-utils')) skipped.push('label-sheet QR round trip (pdftoppm missing)');
  if (missing.includes('zbar-tools')) skipped.push('background label sheets read back (zbarimg missing)');

  // The console build runs beside the unit tests; the end-to-end tests need it, the unit tests do not.
  const build = missing.includes('chromium') ? null : job('console build', 'npm', ['run', 'build']);
  // The demo seeded once for every end-to-end shard (apps/server/src/demo/prepare.ts), while the unit tests run.
  const demoData = mkdtempSync(path.join(os.tmpdir(), 'farmpark-demo-data-'));
  cleanups.push(() => rmSync(demoData, { recursive: true, force: true }));
  const seeded =
    build &&
    job('demo data', 'node', ['--import', 'tsx', 'apps/server/src/demo/prepare.ts'], {
      DATA_DIR: demoData,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    });
  // Two vitest runs side by side: within one run, projects of different isolation run one after another, and the
  // console's files (jsdom) left workers idle while they ran alone (docs/TESTS.md).
  await Promise.all([
    vitest('unit', ['contracts', 'simulator', 'server'], env, [`--maxWorkers=${WORKERS}`]),
    vitest('web', ['web', 'web-shared'], env, [`--maxWorkers=${Math.max(1, WORKERS / 2)}`]),
    checks,
  ]);
  // Three server processes on PostgreSQL behind Mosquitto, one killed mid-load (apps/server/src/cluster/harness).
  // Beside the end-to-end shards: most of its two minutes is waiting (a program slot on the next whole minute,
  // a restart), and it shares nothing with them (its own database, broker and ports).
  let cluster = Promise.resolve();
  if (env.TEST_DATABASE_URL && env.TEST_MQTT_URL) cluster = check('cluster', 'npm', ['run', 'test:cluster'], env);
  else skipped.push('cluster harness (needs PostgreSQL and Mosquitto)');

  if (!build) skipped.push('end-to-end tests in Chromium');
  else if ((await build) !== 0) {
    fail('console build');
  } else if ((await seeded) !== 0) {
    fail('demo data for the end-to-end shards');
  } else {
    passed++;
    const e2eEnv = {
      ...env,
      CHROMIUM_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      E2E_DEMO_DATA: demoData,
    };
    await Promise.all(
      Array.from({ length: E2E_SHARDS }, (_, i) =>
        vitest(`e2e-${i + 1}`, ['e2e'], e2eEnv, [`--shard=${i + 1}/${E2E_SHARDS}`]),
      ),
    );
  }
  await cluster;
}

let code = 0;
try {
  await main();
} catch (err) {
  failed++;
  failures.push(`test run aborted: ${err.message ?? err}`);
  log(`test run aborted: ${err.stack ?? err}`);
} finally {
  cleanup();
}
if (skipped.length) {
  const banner = '!'.repeat(72);
  console.log(`\n${banner}\nSKIPPED:\n${skipped.map((s) => `  - ${s}`).join('\n')}\n${banner}`);
  if (CI) {
    log('CI=true: nothing may be skipped, so this run fails.');
    failed += skipped.length;
  }
}
if (failures.length) console.log(`\nFAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
if (failed) code = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(code);
