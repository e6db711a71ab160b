/** Unit, contract and integration tests; integration tests load the built dist/ (npm test builds first). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  setupFiles: ['<rootDir>/test/support/dispose-symbols.ts'],
  testTimeout: 60000,
  maxWorkers: 2,
};
