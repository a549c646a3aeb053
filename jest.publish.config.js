// The publishing pipeline end to end (npm run test:publish): real git
// repositories, the post-receive hook and real builds, in a temporary folder.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e-publish/**/*.test.ts'],
  transform: { '^.+\\.[jt]sx?$': '<rootDir>/jest-preprocess.js' },
  testTimeout: 15 * 60 * 1000,
};
