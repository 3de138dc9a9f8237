/**
 * Gatsby's start in three tasks (gatsby-browser.tsx): the entry's task ends at onClientEntry, Gatsby
 * goes on in the next task, and the i18n runtime is evaluated in the one after. The module is observed,
 * not replaced: the factory records when webpack (here jest) first evaluates it, then hands over the
 * real module.
 */
const mockOrder: string[] = [];

jest.mock('../src/i18n/plugin-runtime', () => {
  mockOrder.push('i18n runtime evaluated');
  return jest.requireActual('../src/i18n/plugin-runtime');
});

import { onClientEntry } from '../gatsby-browser';

const nextTimer = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

test('Gatsby goes on in a task after the entry, and the i18n runtime in one after that', async () => {
  const started = onClientEntry?.({} as never, {} as never) as unknown;
  expect(started).toBeInstanceOf(Promise);
  void (started as Promise<void>).then(() => mockOrder.push('gatsby goes on'));

  // Whatever the entry's task still runs (its microtasks) sees neither.
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  expect(mockOrder).toEqual([]);

  await nextTimer();
  await nextTimer();
  expect(mockOrder).toEqual(['gatsby goes on', 'i18n runtime evaluated']);
});

test('a page rendered before that task evaluates the i18n runtime then, and gets it', () => {
  mockOrder.length = 0;
  // A fresh module registry: nothing has evaluated the runtime yet.
  jest.resetModules();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the module, on purpose
  const browser = require('../gatsby-browser') as typeof import('../gatsby-browser');
  expect(mockOrder).toEqual([]);
  const element = { type: 'div' } as never;
  const wrapped = browser.wrapPageElement?.({ element, props: { pageContext: { loadId: '1001' } } } as never, {} as never);
  expect(mockOrder).toEqual(['i18n runtime evaluated']);
  // Load pages translate nothing, so the runtime hands their element back as it is.
  expect(wrapped).toBe(element);
});
