/**
 * Testing Library's waits (findBy…, waitFor) end when their condition holds, which costs nothing on a quiet
 * machine; their default bound of one second is a clock a busy two-core machine misses (a place file read
 * over HTTP while seven other suites run), so a test fails by what it checks, as jest's own timeout says.
 * Only the jsdom suites use the library, and only they load it here.
 */
if (typeof document !== 'undefined') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded for the jsdom suites alone
  const { configure } = require('@testing-library/react') as typeof import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}
