import React from 'react';
import * as styles from './spinner.module.css';

/** Decorative: the text beside it says what is loading. */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
