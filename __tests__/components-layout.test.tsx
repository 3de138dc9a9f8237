/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
import React from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { LANGUAGES, LANGUAGE_STORAGE_KEY } from '../src/config/languages';
import { site } from '../src/config/site';
import { Layout } from '../src/components/layout';
import { navigateCalls } from './support/gatsby-mock';
import { readBundles, renderInLanguage } from './support/render-page';

const NAV = { uz: 'Yuklar', 'uz-Cyrl': 'Юклар', ru: 'Грузы' } as const;

describe.each(LANGUAGES.map((l) => [l.code, l] as const))('layout in %s', (_code, language) => {
  const common = readBundles(language, ['common']).common as {
    nav: Record<string, string>;
    footer: Record<string, string>;
  };

  beforeEach(() => {
    renderInLanguage(
      <Layout>
        <h1>Page</h1>
      </Layout>,
      language,
      '/help',
      ['common'],
    );
  });

  it('links the five header pages under the current prefix', () => {
    const nav = screen.getByRole('navigation', { name: common.nav.label });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      ['', '/loads', '/features', '/how-it-works', '/help'].map((p) => `/${language.prefix}${p}`),
    );
    expect(within(nav).getByRole('link', { name: NAV[language.code] })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: common.nav.help }).getAttribute('aria-current')).toBe('page');
  });

  it('offers the same page in the three languages', () => {
    const selector = screen.getByRole('navigation', {
      name: (readBundles(language, ['common']).common as { language: { label: string } }).language.label,
    });
    const links = within(selector).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/uz/help', '/uz-cyrl/help', '/ru/help']);
    expect(links.map((a) => a.getAttribute('hreflang'))).toEqual(['uz', 'uz-Cyrl', 'ru']);
    expect(links.filter((a) => a.getAttribute('aria-current') === 'true')).toHaveLength(1);
  });

  it('shows the footer: quick links, social links, stores, phone, e-mail, address, copyright 2024', () => {
    const footer = screen.getByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const path of ['/features', '/how-it-works', '/help', '/privacy', '/terms']) {
      expect(hrefs).toContain(`/${language.prefix}${path}`);
    }
    for (const href of [site.social.telegram, site.social.instagram, site.social.youtube, site.stores.appStore, site.stores.googlePlay]) {
      expect(hrefs).toContain(href);
    }
    expect(hrefs).toContain(`tel:${site.phone}`);
    expect(hrefs).toContain(`mailto:${site.email}`);
    expect(footer.textContent).toContain(common.footer.address);
    expect(footer.textContent).toContain('© 2024');
  });

  it('opens outside links in a new tab without giving the new page a handle on this one', () => {
    const footer = screen.getByRole('contentinfo');
    for (const link of within(footer)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('target') === '_blank')) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
});

describe('language selector', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    navigateCalls.length = 0;
    window.localStorage.clear();
    window.history.replaceState(null, '', '/uz/help?x=1');
  });

  afterEach(() => {
    jest.runOnlyPendingTimers();
    jest.useRealTimers();
  });

  it('stores the choice, then navigates to the same page under the new prefix, replacing history', () => {
    const [uz, , ru] = LANGUAGES;
    renderInLanguage(<Layout>page</Layout>, uz, '/help', ['common']);
    fireEvent.click(screen.getByRole('link', { name: 'Русский' }));
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe(ru.code);
    expect(navigateCalls).toHaveLength(0);
    act(() => {
      jest.advanceTimersByTime(60);
    });
    expect(navigateCalls).toEqual([{ to: '/ru/help?x=1', options: { replace: true } }]);
  });

  it('ignores further switches until the first one has finished', () => {
    const [uz] = LANGUAGES;
    renderInLanguage(<Layout>page</Layout>, uz, '/help', ['common']);
    fireEvent.click(screen.getByRole('link', { name: 'Русский' }));
    fireEvent.click(screen.getByRole('link', { name: 'Ўзбекча (кирилл)' }));
    act(() => {
      jest.advanceTimersByTime(60);
    });
    expect(navigateCalls).toHaveLength(1);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    act(() => {
      jest.advanceTimersByTime(200);
    });
    fireEvent.click(screen.getByRole('link', { name: 'Ўзбекча (кирилл)' }));
    act(() => {
      jest.advanceTimersByTime(60);
    });
    expect(navigateCalls.map((call) => call.to)).toEqual(['/ru/help?x=1', '/uz-cyrl/help?x=1']);
  });
});
