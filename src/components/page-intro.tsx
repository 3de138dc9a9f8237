import React from 'react';
import * as styles from './page-intro.module.css';

interface PageIntroProps {
  title: string;
  lead?: string;
  /** The title's language where it differs from the page's (SPEC.md keeps the 404 title in English). */
  titleLang?: string;
  /** For a page that appears in place of another (the 404 page's closed load): focus moves to its h1. */
  headingRef?: React.Ref<HTMLHeadingElement>;
  children?: React.ReactNode;
  /** A title only, with little room around it: the board, whose loads should start on a phone's first screen. */
  compact?: boolean;
}

/** The title block every content page opens with: its one h1 and a lead line. */
export function PageIntro({ title, lead, titleLang, headingRef, children, compact = false }: PageIntroProps) {
  return (
    <section className={`container ${compact ? styles.compact : styles.intro}`}>
      <h1 lang={titleLang} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </section>
  );
}
