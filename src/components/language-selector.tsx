import React from 'react';
import { navigate } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '../config/languages';
import { LANGUAGE_SWITCH_DELAY_MS, LANGUAGE_SWITCH_RELEASE_MS } from '../config/constants';
import { languageLinkPath } from '../i18n/paths';
import { usePageLanguage } from '../i18n/runtime';
import * as styles from './language-selector.module.css';

// Module-level, not component state: the header is re-mounted by the navigation the switch starts,
// and the lock must outlive it (SPEC.md section 4: further switches are ignored until it finishes).
let switching = false;

export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language.code);
  } catch {
    // Private mode or storage disabled: the choice still applies to this navigation.
  }
}

/** `path` is where the link leads, so a click and a link opened in a new tab arrive at the same page. */
export function switchLanguage(target: Language, path: string): boolean {
  if (switching) return false;
  switching = true;
  rememberLanguage(target);
  const { search, hash } = window.location;
  const destination = `${path}${search}${hash}`;
  window.setTimeout(() => {
    void navigate(destination, { replace: true });
    window.setTimeout(() => {
      switching = false;
    }, LANGUAGE_SWITCH_RELEASE_MS);
  }, LANGUAGE_SWITCH_DELAY_MS);
  return true;
}

/** Three links, so the other languages are reachable without script and visible to crawlers. */
export function LanguageSelector() {
  const { t } = useTranslation('common');
  const { language, originalPath } = usePageLanguage();
  return (
    <nav className={styles.selector} aria-label={t('language.label')}>
      <ul className={styles.list}>
        {LANGUAGES.map((option) => {
          const current = option.code === language.code;
          const href = languageLinkPath(originalPath, option);
          return (
            <li key={option.code}>
              <a
                className={current ? `${styles.option} ${styles.current}` : styles.option}
                href={href}
                hrefLang={option.htmlLang}
                lang={option.htmlLang}
                aria-current={current ? 'true' : undefined}
                title={option.label}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  if (!current) switchLanguage(option, href);
                }}
              >
                <span aria-hidden="true">{option.shortLabel}</span>
                <span className="visually-hidden">{option.label}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
