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

// One vitest run covers every workspace; end-to-end tests (Chromium) are their own project so
// scripts/test.mjs can run them after the console is built and a server is up.
export default defineConfig({
  test: {
    sequence: { sequencer: DemoChangingFilesLast },
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' } },
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
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // A guard against a hang, not a speed budget: a jsdom render of antd tables and ECharts took over 30 s
          // (AnalysisPanel's 30-day bands) while four workers shared two cores.
          testTimeout: 60_000,
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
        },
      },
    ],
  },
});
