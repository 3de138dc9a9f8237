/**
 * `gatsby develop` renders an HTML shell of its own: no loadPageDataSync, and scripts run through eval
 * and hot reloading. The site's server hooks (src/gatsby/ssr.tsx) leave it working there.
 */
import React from 'react';
import { onPreRenderHTML, onRenderBody } from '../src/gatsby/ssr';

type Args<F> = F extends (args: infer A, ...rest: never[]) => unknown ? A : never;

test("a page rendered by gatsby develop, without the page's data, gets its links and no load head", () => {
  const setHeadComponents = jest.fn();
  const setHtmlAttributes = jest.fn();
  const args = { setHeadComponents, setHtmlAttributes, pathname: '/ru/load/1001' } as unknown as Args<NonNullable<typeof onRenderBody>>;
  expect(() => onRenderBody?.(args, {} as never)).not.toThrow();
  expect(setHeadComponents).toHaveBeenCalledTimes(1);
  expect(setHtmlAttributes).not.toHaveBeenCalled();
});

test('outside a production build the page carries no script policy, which would forbid the eval gatsby develop runs', () => {
  const head = [<title key="title">Yuklar</title>];
  const replaceHeadComponents = jest.fn();
  const args = {
    pathname: '/ru/loads',
    getHeadComponents: () => head,
    replaceHeadComponents,
    getPreBodyComponents: () => [],
    getPostBodyComponents: () => [],
  } as unknown as Args<NonNullable<typeof onPreRenderHTML>>;
  expect(process.env.NODE_ENV).not.toBe('production');
  onPreRenderHTML?.(args, {} as never);
  expect(replaceHeadComponents).toHaveBeenCalledWith(head);
});
