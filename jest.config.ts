import type { Config } from 'jest';

// Type errors are caught by `tsc --noEmit` (npm run typecheck); here ts-jest only transpiles, which
// keeps the suite fast on two cores.
const tsJest = [
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
] as const;

const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': tsJest as unknown as [string, Record<string, unknown>],
  },
  // ky ships only ES modules.
  transformIgnorePatterns: ['/node_modules/(?!(ky)/)'],
  moduleNameMapper: {
    '^gatsby$': '<rootDir>/__tests__/support/gatsby-mock.tsx',
    '\\.(css)$': '<rootDir>/__tests__/support/style-mock.ts',
    '\\.(png|jpe?g|svg|webp|avif)$': '<rootDir>/__tests__/support/file-mock.ts',
  },
  globalSetup: '<rootDir>/__tests__/support/global-setup.ts',
  globalTeardown: '<rootDir>/__tests__/support/global-teardown.ts',
  testTimeout: 20000,
};

export default config;
