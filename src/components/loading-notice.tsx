import React from 'react';
import * as styles from './loading-notice.module.css';

/** The only visible content of a load page while it hands over to the app. */
export function LoadingNotice({ text }: { text: string }) {
  return (
    <main className={styles.notice}>
      <span className={styles.spinner} aria-hidden="true" />
      <p role="status">{text}</p>
    </main>
  );
}
