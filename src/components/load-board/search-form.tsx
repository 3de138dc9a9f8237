import React, { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './load-board.module.css';

/** Free-text search (SPEC.md section 5: no validation). Submitting resets to page 1 (the caller's job). */
export function SearchForm({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation('loads');
  const [text, setText] = useState(value);
  // Back and forward change the URL's search; the field follows it.
  useEffect(() => setText(value), [value]);
  return (
    <form
      className={styles.search}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor="load-search" className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id="load-search"
        name="search"
        type="search"
        className={styles.searchInput}
        value={text}
        placeholder={t('search.placeholder')}
        onChange={(event) => setText(event.target.value)}
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" className={styles.button}>
        {t('search.submit')}
      </button>
    </form>
  );
}
