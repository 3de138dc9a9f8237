import React from 'react';
import { graphql, Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { PINNED_TEXT_LANG } from '../config/languages';
import { ROUTES } from '../config/routes';
import { useClientValue } from '../components/use-client-value';
import { Layout } from '../components/layout';
import { LoadFallback } from '../components/load-fallback';
import { LoadingNotice } from '../components/loading-notice';
import { PageIntro } from '../components/page-intro';
import { PathLanguageProvider } from '../i18n/path-language';
import { definePageHead } from '../head/define-head';
import { type PageContext, usePageLanguage } from '../i18n/runtime';
import { localizedPath } from '../i18n/paths';
import { FALLBACK_MARKER_SCRIPT, type FallbackRoute, matchLoadFallback } from '../loads/fallback-route';

function NotFound() {
  const { t } = useTranslation('common');
  const { language } = usePageLanguage();
  return (
    <div className="not-found">
      <Layout>
        <PageIntro title={t('notFound.title')} titleLang={PINNED_TEXT_LANG} lead={t('notFound.lead')}>
          <p>
            <Link to={localizedPath(ROUTES.home, language)}>{t('notFound.home')}</Link>
          </p>
        </PageIntro>
      </Layout>
    </div>
  );
}

/**
 * Served by the host for every unknown path, in the language the path names; for `/load/{id}` of a
 * load newer than the build it becomes that load's client-only page.
 */
export default function NotFoundPage() {
  const { t } = useTranslation('load');
  // Decided after mount, so the first render matches the HTML the build wrote.
  const route = useClientValue<FallbackRoute | null>(() => matchLoadFallback(window.location.pathname), null);
  if (route) return <LoadFallback route={route} loadingText={t('loading')} />;
  return (
    <>
      <div className="load-pending">
        <LoadingNotice text={t('loading')} landmark={false} />
      </div>
      <PathLanguageProvider namespaces={['common']}>
        <NotFound />
      </PathLanguageProvider>
    </>
  );
}

export const Head = definePageHead<PageContext>(
  ({ t }) => ({ kind: 'not-found', title: t('common:notFound.title'), description: t('common:notFound.seoDescription') }),
  <script dangerouslySetInnerHTML={{ __html: FALLBACK_MARKER_SCRIPT }} />,
);

export const query = graphql`
  query NotFoundPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "load"] } }, sort: [{ ns: ASC }, { language: ASC }]) {
      ...LocaleEdges
    }
  }
`;
