import React from 'react';
import * as styles from './section-heading.module.css';

/** A section's h2 and its lead line; `id` is what the section's aria-labelledby points to. */
export function SectionHeading({ id, title, lead, tone = 'light' }: { id: string; title: string; lead?: string; tone?: 'light' | 'dark' }) {
  return (
    <div className={tone === 'dark' ? `${styles.heading} ${styles.dark}` : styles.heading}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
    </div>
  );
}
