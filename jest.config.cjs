/** Unit, contract and integration tests; integration tests load the built dist/ (npm test builds first). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  setupFiles: ['<rootDir>/test/support/dispose-symbols.ts'],
  // Unit and contract tests finish in well under this; the browser and integration files that need longer (real
  // Chromium, research jobs, child processes) say so at their top with jest.setTimeout.
  testTimeout: 10000,
  maxWorkers: 2,
};
