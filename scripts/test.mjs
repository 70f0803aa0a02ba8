// `npm test`: every check and test of the project in one run, ending with `N passed, N failed`.
// Steps: dependencies -> system packages (apt on Debian as root) -> lint and types -> unit and
// integration tests (SQLite and PostgreSQL, embedded broker and Mosquitto) -> console build -> end
// to end in Chromium. With CI=true nothing may be skipped: a missing prerequisite fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureSystemPackages, startMosquitto, startPostgres } from './lib/services.mjs';
import { ensureNodeModules, log, ROOT, run } from './lib/util.mjs';

const CI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const results = path.join(ROOT, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const skipped = [];
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

function check(name, cmd, args, env) {
  log(`${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, env: { ...process.env, ...env } });
  if (r.status === 0) passed++;
  else {
    failed++;
    log(`${name} FAILED`);
  }
}

/** Runs vitest projects with a JSON report and adds its counts. */
function vitest(label, projects, env) {
  const out = path.join(results, `${label}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json'];
  log(`${label} tests: ${projects.join(', ')}`);
  const r = spawnSync('npx', [...args, `--outputFile.json=${out}`], {
    stdio: 'inherit',
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  if (!existsSync(out)) {
    failed++;
    log(`${label}: vitest wrote no report (exit ${r.status})`);
    return;
  }
  const rep = JSON.parse(readFileSync(out, 'utf8'));
  passed += rep.numPassedTests;
  failed += rep.numFailedTests;
  const pending = rep.numPendingTests + rep.numTodoTests;
  if (pending) skipped.push(`${pending} ${label} tests marked skip/todo`);
  // A suite that fails to load has no tests to count, but it is a failure.
  const brokenSuites = rep.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
  failed += brokenSuites;
  if (r.status !== 0 && rep.numFailedTests === 0 && brokenSuites === 0) {
    failed++;
    log(`${label}: vitest exited with ${r.status}`);
  }
}

async function main() {
  ensureNodeModules();
  const missing = ensureSystemPackages();
  const env = {};

  check('lint', 'npx', ['biome', 'check', '.']);
  for (const ws of ['packages/contracts', 'packages/simulator', 'apps/server', 'apps/web'])
    check(`types ${ws}`, 'npx', ['tsc', '-p', ws]);

  if (missing.includes('postgresql')) skipped.push('PostgreSQL runs of the server tests (only SQLite ran)');
  else {
    const pg = await startPostgres();
    cleanups.push(pg.stop);
    env.TEST_DATABASE_URL = pg.url;
    log(`PostgreSQL for tests at ${pg.url}`);
  }
  if (missing.includes('mosquitto')) skipped.push('tests against an external Mosquitto broker');
  else {
    const mq = await startMosquitto();
    cleanups.push(mq.stop);
    env.TEST_MQTT_URL = mq.url;
    log(`Mosquitto for tests at ${mq.url}`);
  }

  // Tests that need these tools are marked skip when they are missing, and so counted as skipped below.
  if (missing.includes('ffmpeg')) skipped.push('video tests (ffmpeg missing)');
  if (missing.includes('poppler-utils')) skipped.push('label-sheet QR round trip (pdftoppm missing)');

  vitest('unit', ['contracts', 'simulator', 'server', 'web'], env);
  // Three server processes on PostgreSQL behind Mosquitto, one killed mid-load (apps/server/src/cluster/harness).
  if (env.TEST_DATABASE_URL && env.TEST_MQTT_URL) check('cluster', 'npm', ['run', 'test:cluster'], env);
  else skipped.push('cluster harness (needs PostgreSQL and Mosquitto)');

  if (missing.includes('chromium')) skipped.push('end-to-end tests in Chromium');
  else {
    try {
      run('npm', ['run', 'build']);
      passed++;
      vitest('e2e', ['e2e'], { ...env, CHROMIUM_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
    } catch (err) {
      failed++;
      log(`console build FAILED: ${err.message}`);
    }
  }
}

let code = 0;
try {
  await main();
} catch (err) {
  failed++;
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
if (failed) code = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(code);
