import React from 'react';
import { useTranslation } from 'react-i18next';
import { Layout } from './layout';
import { PageIntro } from './page-intro';

/**
 * A page whose namespace has a `title` and a `lead`, with optional content below the intro; `lang`
 * marks a page whose texts are all in another language than the page's (the English legal text).
 */
export function ContentPage({ ns, lang, children }: { ns: string; lang?: string; children?: React.ReactNode }) {
  const { t } = useTranslation(ns);
  const content = (
    <>
      <PageIntro title={t('title')} lead={t('lead')} />
      {children}
    </>
  );
  return <Layout>{lang ? <div lang={lang}>{content}</div> : content}</Layout>;
}
