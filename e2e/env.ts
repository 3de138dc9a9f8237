// The ports and browser of the e2e run are the harness's (tools/harness/env.ts); specs import them from here.
export * from '../tools/harness/env';
