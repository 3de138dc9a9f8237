import React from 'react';
import * as styles from './page-intro.module.css';

/** The title block every content page opens with: its one h1 and a lead line. */
export function PageIntro({ title, lead, children }: { title: string; lead?: string; children?: React.ReactNode }) {
  return (
    <section className={`container ${styles.intro}`}>
      <h1>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </section>
  );
}
