import { useEffect } from 'react';
import { navigate } from 'gatsby';
import { LANGUAGE_STORAGE_KEY } from '../config/languages';
import { ROUTES } from '../config/routes';
import { pickLanguage } from '../i18n/choose';
import { localizedPath } from '../i18n/paths';

/** Reads the stored choice; storage can be disabled or throw in private modes. */
function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function hasNoRedirectFlag(search: string): boolean {
  return new URLSearchParams(search).has('noredirect');
}

/**
 * On the bare root only: send the visitor to their language's home, replacing history, unless the
 * query says `noredirect`. Crawlers without script stay on the Uzbek Latin home.
 */
export function useRootRedirect(active: boolean): void {
  useEffect(() => {
    if (!active || hasNoRedirectFlag(window.location.search)) return;
    const browserLanguages = navigator.languages?.length ? navigator.languages : [navigator.language];
    const language = pickLanguage(readStoredLanguage(), browserLanguages);
    void navigate(localizedPath(ROUTES.home, language), { replace: true });
  }, [active]);
}
