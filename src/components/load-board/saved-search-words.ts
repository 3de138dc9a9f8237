import { startTransition, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import type { ListPath } from '../../config/routes';
import { queryChips } from '../../search/chips';
import { chipText } from '../../search/chip-words';
import type { SavedView } from '../../board/saved/use-saved-searches';
import { loadPlaces } from '../../board/sources/places-on-demand';

/*
 * A kept search in words, as "keep this search" and the list of kept searches name it: its list, its
 * search's place in the reader's script, its filters as the chips say them.
 */

/** How the reader's language names places: by slug, and a search that names one (both null until the place file is here). */
export interface PlaceWords {
  label: (slug: string) => string;
  searched: (text: string) => { slug: string; label: string } | null;
}

/**
 * The page's place file, read for the words of its kept searches (the search's own text and slugs until it
 * is here); none read while `placeFilePath` is null.
 */
export function usePlaceWords(placeFilePath: string | null): PlaceWords | null {
  const [words, setWords] = useState<PlaceWords | null>(null);
  useEffect(() => {
    if (placeFilePath === null) return undefined;
    let cancelled = false;
    void loadPlaces(placeFilePath).then((places) => {
      if (cancelled || !places) return;
      const { file, module } = places;
      const labels = new Map(file.places.map((entry) => [entry.slug, entry.label]));
      startTransition(() =>
        setWords({ label: (slug) => labels.get(slug) ?? slug, searched: (text) => module.searchedPlace(file, text) ?? null }),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [placeFilePath]);
  return words;
}

/** A list in words: a city's, a route's (the board says nothing of itself). */
function listWords(list: ListPath, t: TFunction, words: PlaceWords | null): string {
  const label = (slug: string) => words?.label(slug) ?? slug;
  if (list.kind === 'from') return t('saved.list.from', { place: label(list.from) });
  if (list.kind === 'to') return t('saved.list.to', { place: label(list.to) });
  if (list.kind === 'route') return t('saved.list.route', { from: label(list.from), to: label(list.to) });
  return '';
}

/**
 * A kept search in words, in the reader's language whatever page it was kept on: its list, its search (a
 * place in the reader's script) and its filters as the chips say them.
 */
export function savedLabel(view: SavedView, t: TFunction, language: Language, words: PlaceWords | null): string {
  const { search } = view.query;
  const place = search ? words?.searched(search) : null;
  const searchWords = search ? (place?.label ?? t('filters.chip.search', { text: search })) : '';
  const chips = queryChips(view.query).map((chip) => chipText(chip, t, language));
  return [listWords(view.list, t, words), searchWords, ...chips].filter(Boolean).join(', ');
}
