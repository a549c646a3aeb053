// Unit and component tests, set up as Gatsby's unit-testing guide describes:
// babel-jest with babel-preset-gatsby, and a root __mocks__/gatsby.ts.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/__tests__/**/*.test.ts?(x)'],
  transform: { '^.+\\.[jt]sx?$': '<rootDir>/jest-preprocess.js' },
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
  },
  transformIgnorePatterns: ['node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)'],
  // The real builds (*.e2e.test.ts) run apart: npm run test:publish.
  testPathIgnorePatterns: ['node_modules', '\\.cache', '<rootDir>/public', '<rootDir>/e2e', '\\.e2e\\.test\\.ts$'],
  setupFiles: ['<rootDir>/loadershim.js'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  globals: { __PATH_PREFIX__: '', __BASE_PATH__: '' },
  // Jest's 5 s is a timing gate on a shared 2-core CI machine: a hook that reads and writes a scratch site took 23 s under load.
  testTimeout: 30_000,
};
