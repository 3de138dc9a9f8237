import React, { useMemo } from 'react';
import { graphql, navigate, type HeadProps, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { JSON_LD_MAX_LOADS, PAGE_SIZE } from '../config/constants';
import { ROUTES, listPagePath, loadPath } from '../config/routes';
import { siteUrl } from '../config/env';
import { Layout } from '../components/layout';
import { PageIntro } from '../components/page-intro';
import { Seo } from '../components/seo';
import { LoadCard, cardTexts } from '../components/load-board/load-card';
import { Pagination } from '../components/load-board/pagination';
import * as boardStyles from '../components/load-board/load-board.module.css';
import { boardSearchString } from '../loads/board-query';
import { builtTime } from '../loads/built-time';
import { postedAge } from '../loads/format';
import { paginationState } from '../loads/pagination';
import type { PlaceLink, PlaceLoadsPageContext } from '../loads/place-page-context';
import { canonicalUrl, localizedPath } from '../i18n/paths';
import { itemListJsonLd } from '../i18n/structured-data';
import { shareImageAlt } from '../i18n/share-image';
import { headTranslator, type LocaleData, pageLanguage } from '../i18n/runtime';
import { FeedLink } from '../components/feed-link';
import { placeFeedTitle, placeListTitle } from '../feeds/feed-titles';
import * as styles from './place-loads.module.css';

/** Title of a place page in its language; `ns` is `places:` where `t` defaults to another namespace. */
function placeTitle(context: PlaceLoadsPageContext, t: TFunction, ns = ''): string {
  const title = placeListTitle(t, context.kind, context.from, context.to, ns);
  return context.page > 1 ? t(`${ns}pageTitle`, { title, page: context.page }) : title;
}

function LinkText({ link, anywhere, t }: { link: PlaceLink; anywhere: string; t: TFunction }) {
  return <>{t('linkCount', { from: link.from || anywhere, to: link.to || anywhere, count: link.count })}</>;
}

/**
 * Loads from a place, to a place, or along one route, pre-built page by page. It does not refresh in
 * the browser (README, "City and route pages"): it says when it was built and links to the live board.
 */
/** The build named this page's places already (src/gatsby/place-pages.ts). */
const asNamed = (name: string) => name;

export default function PlaceLoadsPage({ pageContext }: PageProps<LocaleData, PlaceLoadsPageContext>) {
  const { t } = useTranslation('places');
  const { t: tLoads } = useTranslation('loads');
  const language = pageLanguage(pageContext);
  const texts = useMemo(() => cardTexts(tLoads), [tLoads]);
  const { loads, page, pages, total, reverse, neighbours, builtAt, listPath, search } = pageContext;
  const pagination = paginationState(page, Math.min(total, pages * PAGE_SIZE));
  const pageHref = (target: number) => localizedPath(listPagePath(listPath, target), language);
  const updated = builtTime(builtAt);
  const anywhere = t('anywhere');
  return (
    <Layout>
      <PageIntro title={placeTitle(pageContext, t)} lead={t('total', { count: total })}>
        {updated ? (
          <p className={styles.updated}>
            <time dateTime={updated.iso}>{t('updated', { date: updated.date, time: updated.time })}</time>{' '}
            <a href={`${localizedPath(ROUTES.loads, language)}${boardSearchString({ page: 1, search })}`}>
              {t('liveSearch', { place: search })}
            </a>
          </p>
        ) : null}
      </PageIntro>
      <div className="container">
        <ul className={boardStyles.list}>
          {loads.map((load) => (
            <LoadCard
              key={load.id}
              load={load}
              language={language}
              age={postedAge(load.createdAt, builtAt)}
              t={tLoads}
              texts={texts}
              placeName={asNamed}
            />
          ))}
        </ul>
        <Pagination state={pagination} hrefFor={pageHref} onPage={(target) => void navigate(pageHref(target))} />
        <section className={styles.links} aria-labelledby="return-loads">
          <h2 id="return-loads">{t('reverse.heading')}</h2>
          {reverse ? (
            <p>
              <a href={localizedPath(reverse.path, language)}>
                <LinkText link={reverse} anywhere={anywhere} t={t} />
              </a>
            </p>
          ) : (
            <p>
              {t('reverse.none')} <a href={localizedPath(ROUTES.loads, language)}>{t('reverse.board')}</a>
            </p>
          )}
        </section>
        {neighbours.length > 0 ? (
          <section className={styles.links} aria-labelledby="neighbour-routes">
            <h2 id="neighbour-routes">{t('neighbours')}</h2>
            <ul>
              {neighbours.map((link) => (
                <li key={link.path}>
                  <a href={localizedPath(link.path, language)}>
                    <LinkText link={link} anywhere={anywhere} t={t} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <FeedLink className={styles.links} href={pageContext.feedPath} />
        <p className={styles.links}>
          <a href={localizedPath(ROUTES.places, language)}>{t('common:nav.places')}</a>
        </p>
      </div>
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<LocaleData, PlaceLoadsPageContext>) {
  const t = headTranslator(data, pageContext);
  const language = pageLanguage(pageContext);
  const { kind, from, to, total, pagePath, loads } = pageContext;
  const title = placeTitle(pageContext, t, 'places:');
  const values = kind === 'route' ? { from, to, total } : { place: from || to, total };
  const unknown = t('loads:card.unknownPlace');
  const jsonLd = itemListJsonLd(
    title,
    canonicalUrl(siteUrl(), pagePath, language),
    loads.map((load) => ({
      url: canonicalUrl(siteUrl(), loadPath(load.id), language),
      name: `${load.title || t('loads:card.untitled')}: ${load.from || unknown} → ${load.to || unknown}`,
    })),
    JSON_LD_MAX_LOADS,
  );
  return (
    <Seo
      language={language}
      path={pagePath}
      title={title}
      description={t(`places:${kind}.description`, values)}
      keywords={t(`places:${kind}.keywords`, values)}
      jsonLd={jsonLd}
      imageAlt={shareImageAlt(t)}
      feed={{ href: pageContext.feedPath, title: placeFeedTitle(t, kind, from, to) }}
    />
  );
}

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
