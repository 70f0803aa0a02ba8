import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * End-to-end files share one demo server. The XSS file changes the demo for good (markup in park, device
 * and category names; a weather station's secret renewed), so it runs after every other file.
 */
class DemoChangingFilesLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => f.moduleId.endsWith('/xss.e2e.ts');
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}

/**
 * Web test files that replace a module or a global (vi.mock, vi.stubGlobal, ...) get a fresh module graph and
 * jsdom each; the others share one per worker, which spares each file importing antd and React and building a
 * jsdom anew (most of the web project's CPU: docs/TESTS.md). The setup file still runs per file and clears
 * the DOM, cookies and storage after each test.
 */
const WEB_SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/web/src');
const webIsolated = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .filter((f) =>
    /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(/.test(readFileSync(path.join(WEB_SRC, f), 'utf8')),
  )
  .map((f) => `src/${f.split(path.sep).join('/')}`);

const web = {
  extends: 'apps/web/vite.config.ts',
  test: {
    root: 'apps/web',
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // A guard against a hang, not a speed budget: a jsdom render of antd tables and ECharts took over 30 s
    // (AnalysisPanel's 30-day bands) while four workers shared two cores.
    testTimeout: 60_000,
  },
} as const;

// One vitest run covers every workspace; end-to-end tests (Chromium) are their own project so
// scripts/test.mjs can run them after the console is built and a server is up.
export default defineConfig({
  test: {
    sequence: { sequencer: DemoChangingFilesLast },
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // A guard against a hang, not a budget: the walk of every request schema takes under a second alone
          // and ran past 5 s in CI beside the server suites, lint and the build.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'simulator',
          root: 'packages/simulator',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/globalSetup.ts'],
          // Files share a worker's module graph: importing the server anew for each of 140 files cost more CPU
          // than all their tests. Each file still makes its own app and database (test/harness), and no server
          // module keeps state between apps (docs/TESTS.md).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { ...web, test: { ...web.test, name: 'web', include: webIsolated } },
      {
        ...web,
        test: {
          ...web.test,
          name: 'web-shared',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: webIsolated,
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'apps/web',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/globalSetup.ts'],
          // A guard against a hang, not a speed budget: the longest flows (a crop, standard and planting made in
          // the console) take a minute when two shards share the two cores.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A shard's files run one after another in one module graph: playwright-core, the contracts and the
          // console's texts are imported once per shard, not once per file. Each file still opens its own
          // connection to the shard's Chromium and signs in its own contexts (browser.ts, session.ts), and closing
          // the connection closes them: no browser state is shared between files.
          isolate: false,
        },
      },
    ],
  },
});
