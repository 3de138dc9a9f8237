import React from 'react';
import { graphql, Link, type HeadProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../config/routes';
import { Layout } from '../components/layout';
import { PageIntro } from '../components/page-intro';
import { Seo } from '../components/seo';
import { PathLanguageProvider } from '../i18n/path-language';
import { headTranslator, type LocaleData, type PageContext, pageLanguage, usePageLanguage } from '../i18n/runtime';
import { localizedPath } from '../i18n/paths';

function NotFound() {
  const { t } = useTranslation('common');
  const { language } = usePageLanguage();
  return (
    <Layout>
      <PageIntro title={t('notFound.title')} lead={t('notFound.lead')}>
        <p>
          <Link to={localizedPath(ROUTES.home, language)}>{t('notFound.home')}</Link>
        </p>
      </PageIntro>
    </Layout>
  );
}

/** Served by the host for every unknown path, in the language the path names. */
export default function NotFoundPage() {
  return (
    <PathLanguageProvider namespaces={['common']}>
      <NotFound />
    </PathLanguageProvider>
  );
}

export function Head({ data, pageContext }: HeadProps<LocaleData, PageContext>) {
  const t = headTranslator(data, pageContext);
  return (
    <Seo
      language={pageLanguage(pageContext)}
      path="/404"
      title={t('common:notFound.title')}
      description={t('common:notFound.seoDescription')}
      noindex
    />
  );
}

export const query = graphql`
  query NotFoundPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common"] } }) {
      ...LocaleEdges
    }
  }
`;
