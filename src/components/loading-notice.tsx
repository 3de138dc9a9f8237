import React from 'react';
import { Spinner } from './spinner';
import * as styles from './loading-notice.module.css';

/** The only visible content of a load page while it hands over to the app. */
export function LoadingNotice({ text }: { text: string }) {
  return (
    <main className={styles.notice}>
      <Spinner />
      <p role="status">{text}</p>
    </main>
  );
}
