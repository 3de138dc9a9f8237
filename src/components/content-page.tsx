import React from 'react';
import { useTranslation } from 'react-i18next';
import type { PageHydration } from './islands';
import { Layout } from './layout';
import { PageIntro } from './page-intro';

/**
 * A page whose namespace has a `title` and a `lead`, with optional content below the intro; `lang`
 * marks a page whose texts are all in another language than the page's (the English legal text);
 * `hydration` is Layout's.
 */
export function ContentPage({
  ns,
  lang,
  hydration,
  children,
}: {
  ns: string;
  lang?: string;
  hydration?: PageHydration;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation(ns);
  const content = (
    <>
      <PageIntro title={t('title')} lead={t('lead')} />
      {children}
    </>
  );
  return <Layout hydration={hydration}>{lang ? <div lang={lang}>{content}</div> : content}</Layout>;
}
