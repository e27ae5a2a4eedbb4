// Two projects: `node` (unit and integration tests on a real PostgreSQL) and `browser` (Chromium against
// a running product). Both transform TypeScript with SWC; ESM-only packages are transformed too, because
// Jest's CommonJS runtime cannot load them as they are.
const esmOnly = ['pg-boss', 'serialize-error', 'non-error', 'rrule-temporal', 'cron-parser', 'luxon', 'jose', 'archiver', 'p-map'];
const transform = {
  '^.+\\.(t|j|mj)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true } }, module: { type: 'commonjs' } }],
};
const shared = {
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
  globalSetup: '<rootDir>/api/src/testing/global-setup.ts',
  globalTeardown: '<rootDir>/api/src/testing/global-teardown.ts',
};

module.exports = {
  projects: [
    { ...shared, displayName: 'node', testMatch: ['<rootDir>/{api,db,workers,fixtures}/src/**/*.test.ts'] },
    { ...shared, displayName: 'browser', testMatch: ['<rootDir>/{site,admin}/test/**/*.test.ts'], setupFilesAfterEnv: ['<rootDir>/api/src/testing/browser-retry.ts'] },
  ],
  testTimeout: 60000,
};
