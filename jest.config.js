// Plain JavaScript so jest needs no ts-node to read it.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // A worker per core, not jest's cores-minus-one: the main process only collects results, and many suites
  // wait on HTTP and child processes. On two cores `npm test` took 123 s against 203 s with one worker.
  maxWorkers: '100%',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    // Type errors are caught by `npm run typecheck`; here ts-jest only transpiles, which keeps the
    // suite fast on two cores.
    '^.+\\.(t|j)sx?$': [
      'ts-jest',
      {
        tsconfig: {
          module: 'commonjs',
          moduleResolution: 'node',
          jsx: 'react-jsx',
          esModuleInterop: true,
          resolveJsonModule: true,
          allowJs: true,
          isolatedModules: true,
        },
        diagnostics: false,
      },
    ],
  },
  // ky and feed ship only ES modules; jest runs CommonJS, so they are compiled like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(ky|feed)/)'],
  moduleNameMapper: {
    // d3's packages point `main` at ES modules, and ship each as a UMD bundle too, which jest can run.
    '^(d3-[a-z-]+|internmap)$': '<rootDir>/node_modules/$1/dist/$1.js',
    '^gatsby$': '<rootDir>/__tests__/support/gatsby-mock.tsx',
    '\\.css$': '<rootDir>/__tests__/support/style-mock.ts',
    '\\.(png|jpe?g|svg|webp|avif)$': '<rootDir>/__tests__/support/file-mock.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/__tests__/support/testing-library.ts'],
  globalSetup: '<rootDir>/__tests__/support/global-setup.ts',
  globalTeardown: '<rootDir>/__tests__/support/global-teardown.ts',
  // A wait that ends when its condition holds costs nothing when the machine is quiet; on a busy two-core
  // machine the same tests took several times as long, so a test fails by what it checks, not by the clock.
  testTimeout: 60000,
};
