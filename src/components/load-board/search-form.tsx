import React from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './load-board.module.css';

/**
 * Free-text search (SPEC.md section 5: no validation). A plain GET form: it works before the script
 * has loaded (the page reads `?search=` once it has), and the input is uncontrolled so text typed
 * before hydration is not thrown away. Submitting resets to page 1 (the caller's job).
 */
export function SearchForm({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation('loads');
  return (
    <form
      className={styles.search}
      role="search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const text = new FormData(event.currentTarget).get('search');
        onSearch(typeof text === 'string' ? text.trim() : '');
      }}
    >
      <label htmlFor="load-search" className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        // Back and forward change the URL's search: a new key resets the field to it.
        key={value}
        id="load-search"
        name="search"
        type="search"
        className={styles.searchInput}
        defaultValue={value}
        placeholder={t('search.placeholder')}
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" className={styles.button}>
        {t('search.submit')}
      </button>
    </form>
  );
}
