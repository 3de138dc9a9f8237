/**
 * TEMPORARY stand-in for src/places/search-index.ts (helper h-places), same signatures, a few places.
 * Deleted when h-places is merged; place-search.ts then imports the real module.
 */
export interface PlaceIndexEntry {
  slug: string;
  label: string;
  keys: string[];
  apiSpelling: string;
  count: number;
}

export interface PlaceIndex {
  lang: string;
  places: PlaceIndexEntry[];
}

const PLACES = [
  { slug: 'toshkent', names: { uz: 'Toshkent', 'uz-cyrl': 'Тошкент', ru: 'Ташкент' }, keys: ['toshkent', 'тошкент', 'ташкент', 'tashkent'] },
  { slug: 'samarqand', names: { uz: 'Samarqand', 'uz-cyrl': 'Самарқанд', ru: 'Самарканд' }, keys: ['samarqand', 'самарқанд', 'самарканд', 'samarkand'] },
  { slug: 'buxoro', names: { uz: 'Buxoro', 'uz-cyrl': 'Бухоро', ru: 'Бухара' }, keys: ['buxoro', 'бухоро', 'бухара', 'bukhara'] },
];

const normalize = (text: string) => text.trim().toLowerCase();

export function loadPlaceIndex(path: string): Promise<PlaceIndex> {
  const lang = (['uz-cyrl', 'ru'] as const).find((prefix) => path.includes(prefix)) ?? 'uz';
  return Promise.resolve({
    lang,
    places: PLACES.map((place) => ({ slug: place.slug, label: place.names[lang], keys: place.keys, apiSpelling: place.names.uz, count: 1 })),
  });
}

export function suggestPlaces(index: PlaceIndex, typed: string, max: number): PlaceIndexEntry[] {
  const query = normalize(typed);
  if (!query) return [];
  return index.places.filter((entry) => entry.keys.some((key) => key.startsWith(query))).slice(0, max);
}

export function apiSearchFor(index: PlaceIndex, typed: string): string {
  const query = normalize(typed);
  return index.places.find((entry) => entry.keys.includes(query))?.apiSpelling ?? typed;
}
