import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';

/**
 * Files that wait on the wall clock for minutes (rounds of 5 s, a frozen process, a walk of every
 * page): started first, so that they run beside the short files instead of after them, when one
 * worker would be left alone with a long file at the end of the run.
 */
const LONG = [/soak\.test\.ts$/, /hindi-every-page\.test\.ts$/, /frozen-instance\.test\.ts$/, /backup-stream\.test\.ts$/];

const rank = (spec: TestSpecification) => {
  const i = LONG.findIndex((r) => r.test(spec.moduleId));
  return i < 0 ? LONG.length : i;
};

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((x) => x.spec);
  }
}

/** The tests that swap the registry (vi.mock of resources.config) for a tier, game or page of their own. */
const REGISTRY_MOCKS = ['tests/server/extra-*.test.ts'];
/**
 * Files of the `server` project only: the soak runs both engines itself, at once (it mostly waits on
 * the clock); the 3-GB download streams a file from disk, which no engine touches.
 */
const ONE_RUN = ['tests/server/soak.test.ts', 'tests/server/backup-stream.test.ts'];

/**
 * The server suite on one engine, in two projects. Most files share their worker's module cache
 * (isolate: false): each file otherwise loaded the whole server again, 2–5 s of every file's time
 * on two cores. The files that mock the registry keep a fresh module graph each.
 */
function serverProjects(name: string, env: Record<string, string>, skip: string[] = []): TestProjectInlineConfiguration[] {
  // Three files at a time: the soak, the frozen instance and the 3-GB stream each hold a worker for
  // minutes mostly waiting on the clock or the disk, and the rest wait on the database.
  const common = { environment: 'node', env, globalSetup: ['tests/server/globalSetup.ts'], testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 3 };
  return [
    { extends: true, test: { ...common, name, include: ['tests/server/**/*.test.ts'], exclude: [...REGISTRY_MOCKS, ...skip], isolate: false } },
    { extends: true, test: { ...common, name: `${name}-registry`, include: REGISTRY_MOCKS } },
  ];
}

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    sequence: { sequencer: LongFirst },
    // Two files at a time even on two cores: the server files mostly wait on the database.
    maxWorkers: 2,
    projects: [
      ...serverProjects('server', {}),
      ...serverProjects('server-pg', { TEST_ENGINE: 'postgres' }, ONE_RUN),
      {
        extends: true,
        test: {
          name: 'domain',
          include: ['tests/domain/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        // The client's pure rules (forms, exports, menus) need no DOM: they run in plain node.
        test: {
          name: 'client-logic',
          include: ['tests/client-logic/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/client/setup.ts'],
          globalSetup: ['tests/client/openApiSetup.ts'],
          // The forms typed key by key took 15–20 s alone and over 30 s at a load average of 17.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Two files at a time: each has its own server and browser, and most of a file's time is spent
          // waiting for screens (272 s → 177 s on two cores).
          maxWorkers: 2,
        },
      },
    ],
  },
});
