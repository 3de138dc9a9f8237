import React from 'react';
import { StoreButtons } from './store-buttons';
import * as styles from './app-cta.module.css';

/** A closing call to install the app: heading, one line, the two store buttons. */
export function AppCta({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <section className={`container ${styles.section}`} aria-labelledby={id}>
      <div className={styles.box}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        <p className={styles.text}>{text}</p>
        <StoreButtons tone="light" />
      </div>
    </section>
  );
}
