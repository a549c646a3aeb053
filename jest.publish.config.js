// The tests that run real builds in a temporary folder (npm run test:publish):
// the publishing pipeline end to end (real git repositories, the post-receive
// hook), and the content checks on a warm cache. Minutes each: not in the unit run.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/**/*.e2e.test.ts'],
  transform: { '^.+\\.[jt]sx?$': '<rootDir>/jest-preprocess.js' },
  testTimeout: 15 * 60 * 1000,
};
