/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * The board's pagination as the build writes it and as the page runs it: the served HTML links only
 * pages the build made (without script a link to `?page=2` would show the first page again), and once
 * the page runs, every page is a link.
 */
import React from 'react';
import { renderToString } from 'react-dom/server';
import { cleanup, screen } from '@testing-library/react';
import { Pagination } from '../src/components/load-board/pagination';
import { LANGUAGES, type Language } from '../src/config/languages';
import { paginationState } from '../src/loads/pagination';
import { renderInLanguage, wrappedInLanguage } from './support/render-page';

const ru = LANGUAGES.find((language) => language.prefix === 'ru') as Language;

function pagination(page: number, builtPages: number) {
  return (
    <Pagination
      state={paginationState(page, 120)}
      hrefFor={(number) => `/ru/loads?page=${number}`}
      onPage={() => {}}
      builtPages={builtPages}
      placesHref="/ru/loads/places"
    />
  );
}

/** The HTML the build writes for the element, inside the page's wrapper (its words). */
function served(element: React.ReactElement): string {
  return renderToString(wrappedInLanguage(element, ru, '/loads', ['common', 'loads']));
}

afterEach(cleanup);

describe('pagination', () => {
  it('links no page the build did not make in the served HTML, and says the next pages need script', () => {
    const html = served(pagination(1, 1));
    expect(html).not.toMatch(/href="[^"]*page=/);
    expect(html).toContain('Вперёд');
    expect(html).toContain('Следующие страницы открываются');
  });

  it('links a page the build made in the served HTML (a city page’s second)', () => {
    expect(served(pagination(1, 3))).toContain('href="/ru/loads?page=2"');
  });

  it('links every page once the page runs', () => {
    renderInLanguage(pagination(2, 1), ru, '/loads', ['common', 'loads']);
    expect(screen.getByRole('link', { name: 'Вперёд' }).getAttribute('href')).toBe('/ru/loads?page=3');
    expect(screen.getByRole('link', { name: 'Назад' }).getAttribute('href')).toBe('/ru/loads?page=1');
  });
});
