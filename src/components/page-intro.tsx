import React from 'react';
import * as styles from './page-intro.module.css';

interface PageIntroProps {
  title: string;
  lead?: string;
  /** The title's language where it differs from the page's (SPEC.md keeps the 404 title in English). */
  titleLang?: string;
  children?: React.ReactNode;
}

/** The title block every content page opens with: its one h1 and a lead line. */
export function PageIntro({ title, lead, titleLang, children }: PageIntroProps) {
  return (
    <section className={`container ${styles.intro}`}>
      <h1 lang={titleLang}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </section>
  );
}
