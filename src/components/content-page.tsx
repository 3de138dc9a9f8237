import React from 'react';
import { useTranslation } from 'react-i18next';
import { Layout } from './layout';
import { PageIntro } from './page-intro';

/** A page whose namespace has a `title` and a `lead`, with optional content below the intro. */
export function ContentPage({ ns, children }: { ns: string; children?: React.ReactNode }) {
  const { t } = useTranslation(ns);
  return (
    <Layout>
      <PageIntro title={t('title')} lead={t('lead')} />
      {children}
    </Layout>
  );
}
