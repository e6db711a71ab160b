/**
 * Two projects: `unit` needs neither dist/ nor Chromium nor a child process of the playground (npm run check runs
 * it alone: `jest --selectProjects unit`); `system` loads the built dist/, drives Chromium or builds (npm test builds
 * first, then runs both).
 */
const shared = {
  testEnvironment: 'node',
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': '<rootDir>/test/support/esbuild-transform.cjs' },
  setupFiles: ['<rootDir>/test/support/dispose-symbols.ts'],
};

const SYSTEM_DIRS = ['integration', 'browser', 'build', 'playground'];

module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      roots: ['<rootDir>/test'],
      testPathIgnorePatterns: ['/node_modules/', ...SYSTEM_DIRS.map((dir) => `<rootDir>/test/${dir}/`)],
      globalSetup: '<rootDir>/test/support/spawned-bundles.ts',
    },
    {
      ...shared,
      displayName: 'system',
      roots: SYSTEM_DIRS.map((dir) => `<rootDir>/test/${dir}`),
      globalSetup: '<rootDir>/test/support/spawned-bundles.ts',
    },
  ],
  // A net for a test that hangs, not a speed limit: on a 2-core machine shared with other work, a unit test's 300
  // requests to the mock have taken more than 10 s. Files that need longer still say so with jest.setTimeout.
  testTimeout: 60_000,
  // One more worker than a 2-core machine has cores: browser files spend part of their time waiting on Chromium and
  // on the playground's real-time pace, and a third worker fills those waits (with a CPU hog beside it, a whole
  // npm test went from 183 s to 168 s; a fourth gained nothing).
  maxWorkers: 3,
  testSequencer: '<rootDir>/jest.sequencer.mjs',
};
