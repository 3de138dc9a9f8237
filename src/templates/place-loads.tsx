import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Language } from '../config/languages';
import { ROUTES } from '../config/routes';
import { Layout } from '../components/layout';
import { PageIntro } from '../components/page-intro';
import { LoadBoard } from '../components/load-board/load-board';
import { KeepAsIs } from '../components/load-board/keep-as-is';
import { Island } from '../components/islands';
import { usePlacePage } from '../board/place-page';
import { boardHref } from '../search/query';
import { listUpdatedTime } from '../loads/built-time';
import type { PlaceLink, PlaceLoadsPageContext } from '../loads/place-page-context';
import { localizedPath } from '../i18n/paths';
import { type LocaleData, pageLanguage } from '../i18n/runtime';
import { FeedLink } from '../components/feed-link';
import { OfflineNotice } from '../components/offline-notice';
import { placeTitle } from '../head/place-titles';
import { PlaceLoadsHead } from '../head/place-loads-head';
import { OnTheWay, liveTripCards, onTheWayCountText } from '../components/load-board/on-the-way';
import { useTripFilter } from '../board/hooks/use-trip-filter';
import { useAddressSearch } from '../board/hooks/use-address-search';
import { wayBackHref } from '../search/way-back';
import * as styles from './place-loads.module.css';

/** A link text starts with a capital, so "anywhere" opening it has its own, capitalised text. */
function LinkText({ link, t }: { link: PlaceLink; t: TFunction }) {
  return <>{t('linkCount', { from: link.from || t('anywhereStart'), to: link.to || t('anywhere'), count: link.count })}</>;
}

/**
 * With no way back: the loads leaving the place a driver ends up in (a route's destination), and the
 * live board searched for the place (whose loads in the other direction may have come in since).
 */
function OnwardLinks({ context, t }: { context: PlaceLoadsPageContext; t: TFunction }) {
  const language = pageLanguage(context);
  const place = context.kind === 'from' ? context.from : context.to;
  const { onward } = context;
  return (
    <ul>
      {onward ? (
        <li>
          <a href={localizedPath(onward.path, language)}>
            <LinkText link={onward} t={t} />
          </a>
        </li>
      ) : null}
      <li>
        <a href={boardHref(language, { search: place })}>{t('reverse.search', { place })}</a>
      </li>
    </ul>
  );
}

/**
 * The loads from around a route's destination back to around its origin (CONTRACT.md, "Trips"), linked
 * to the reversed route with `near` when the build made its page.
 */
function WayBack({ context, t }: { context: PlaceLoadsPageContext; t: TFunction }) {
  const wayBack = context.trip?.wayBack;
  if (!wayBack) return null;
  const text = t('reverse.near', { from: wayBack.from, to: wayBack.to, near: wayBack.near, count: wayBack.count });
  const href = wayBackHref(wayBack.path, pageLanguage(context), { near: wayBack.near });
  return <p data-way-back="">{wayBack.path && wayBack.count > 0 ? <a href={href}>{text}</a> : text}</p>;
}

/** The route's going rate, rendered by the build (src/gatsby/rate-html.tsx): React escaped its values there. */
function RateBlock({ html }: { html: string | undefined }) {
  return html ? <div dangerouslySetInnerHTML={{ __html: html }} /> : null;
}

/** The page's list and its filters: an island that hydrates on arrival, the rest of the page stays static. */
function PlaceBoard({ pageContext, location }: { pageContext: PlaceLoadsPageContext; location: PageProps['location'] }) {
  const { t } = useTranslation('loads');
  const language = pageLanguage(pageContext);
  const bare = pageContext.i18n ? !pageContext.i18n.routed : false;
  // The list changes the address itself (board/own-address.ts): Gatsby's location keeps the page's first query.
  const search = useAddressSearch(location.search);
  const { retry, ...board } = usePlacePage(pageContext, search, language, bare, t('states.fallbackError'));
  useTripFilter(pageContext.trip, pageContext, board.query, {
    countText: (total, shown, atLeast) => onTheWayCountText(t, total, shown, atLeast),
    liveCards: liveTripCards({ language, t, wayBacks: pageContext.wayBacks, positions: pageContext.trip?.positions ?? {} }),
  });
  return <LoadBoard language={language} now={board.state.loadedAt} onRetry={retry} KeepAsIs={KeepAsIs} {...board} />;
}

/**
 * Loads from a place, to a place, or along one route, pre-built page by page (docs/place-pages.md): it
 * says when it was built; its list moves only when the address asks for filters, a search or a page the
 * build did not make, or when a kept search marks its new loads.
 */
/** The page's title, how many loads it has, when the build read them, and where the going rate is. */
function PlaceIntro({ pageContext, t, language }: { pageContext: PlaceLoadsPageContext; t: TFunction; language: Language }) {
  const { total, search, rateHtml } = pageContext;
  const updated = listUpdatedTime(pageContext);
  return (
    <PageIntro title={placeTitle(pageContext, t)} lead={t('total', { count: total })}>
      {updated ? (
        <p className={styles.updated}>
          <time dateTime={updated.iso}>{t('updated', { date: updated.date, time: updated.time })}</time>{' '}
          <a href={boardHref(language, { search })}>{t('liveSearch', { place: search })}</a>
        </p>
      ) : null}
      {/* The rate block follows the list (its chart and table would push the first load a screen or
          two down on a phone): a link here says it is there. */}
      {rateHtml && total > 0 ? (
        <p className={styles.updated}>
          <a href="#going-rate">{t('rates.below')}</a>
        </p>
      ) : null}
      <OfflineNotice />
    </PageIntro>
  );
}

/** Where to go from here: the way back, the reversed route or the board, the neighbouring routes, the feed. */
function PlaceLinks({ pageContext, t, language }: { pageContext: PlaceLoadsPageContext; t: TFunction; language: Language }) {
  const { reverse, neighbours } = pageContext;
  return (
    <>
      <section className={styles.links} aria-labelledby="return-loads">
        <h2 id="return-loads">{t('reverse.heading')}</h2>
        <WayBack context={pageContext} t={t} />
        {reverse ? (
          <p>
            <a href={localizedPath(reverse.path, language)}>
              <LinkText link={reverse} t={t} />
            </a>
          </p>
        ) : (
          <>
            <p>
              {t('reverse.none')} <a href={boardHref(language, {})}>{t('reverse.board')}</a>
            </p>
            <OnwardLinks context={pageContext} t={t} />
          </>
        )}
      </section>
      {neighbours.length > 0 ? (
        <section className={styles.links} aria-labelledby="neighbour-routes">
          <h2 id="neighbour-routes">{t('neighbours')}</h2>
          <ul>
            {neighbours.map((link) => (
              <li key={link.path}>
                <a href={localizedPath(link.path, language)}>
                  <LinkText link={link} t={t} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {pageContext.feedPath ? <FeedLink className={styles.links} href={pageContext.feedPath} /> : null}
      <p className={styles.links}>
        <a href={localizedPath(ROUTES.places, language)}>{t('common:nav.places')}</a> ·{' '}
        <a href={localizedPath(ROUTES.rates, language)}>{t('rates.allRoutes')}</a>
      </p>
    </>
  );
}

/**
 * Loads from a place, to a place, or along one route, pre-built page by page (docs/place-pages.md): it
 * says when it was built; its list moves only when the address asks for filters, a search or a page the
 * build did not make, or when a kept search marks its new loads.
 */
export default function PlaceLoadsPage({ pageContext, location }: PageProps<LocaleData, PlaceLoadsPageContext>) {
  const { t } = useTranslation('places');
  const { t: tLoads } = useTranslation('loads');
  const language = pageLanguage(pageContext);
  const { total, search, rateHtml } = pageContext;
  return (
    <Layout>
      <PlaceIntro pageContext={pageContext} t={t} language={language} />
      {/* A route page the build made with no open load has a going rate; one rendered by the 404 page's
          fallback has neither, and its list says it is empty. */}
      {total === 0 && rateHtml ? (
        <div className="container">
          <RateBlock html={rateHtml} />
          <p data-no-open-loads="">
            {t('rates.noOpen')} <a href={boardHref(language, { search })}>{t('liveSearch', { place: search })}</a>
          </p>
        </div>
      ) : null}
      {/* The list moves only when the URL asks for a filter, a search or a page the build did not make;
          its cards stay the build's HTML until then (the share sheet buttons work from one listener,
          native-share.ts). */}
      <Island when="now">
        <div className="container">
          <PlaceBoard pageContext={pageContext} location={location} />
        </div>
      </Island>
      {pageContext.trip ? (
        <div className={`container ${styles.trip}`}>
          <OnTheWay
            trip={pageContext.trip}
            from={pageContext.from}
            to={pageContext.to}
            language={language}
            now={pageContext.builtAt}
            t={tLoads}
            mapClassName={styles.map}
            wayBacks={pageContext.wayBacks}
          />
        </div>
      ) : null}
      <div className="container">
        {total > 0 ? <RateBlock html={rateHtml} /> : null}
        <PlaceLinks pageContext={pageContext} t={t} language={language} />
      </div>
    </Layout>
  );
}

// As a load page's: Gatsby's server would render the Head to a string and parse it back, thousands of
// city and route pages; there the site writes the same tags (src/gatsby/ssr.tsx), and only the browser,
// which renders the Head after hydration and on a navigation, gets it from Gatsby.
export const Head = typeof window === 'undefined' ? undefined : PlaceLoadsHead;

export const query = graphql`
  query PlaceLoadsPage($language: String!) {
    locales: allLocale(
      filter: { language: { eq: $language }, ns: { in: ["common", "loads", "places"] } }
      sort: [{ ns: ASC }, { language: ASC }]
    ) {
      ...LocaleEdges
    }
  }
`;
