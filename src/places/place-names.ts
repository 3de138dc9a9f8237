/**
 * The name `names` gives a place text, if any. Own keys only: place texts come from the API, and one
 * spelled "constructor" must not find an object's built-in function.
 *
 * A module of its own: the board and its Head name their pre-rendered places with it on the first
 * render, while the rest of the place search (place-file.ts, key normalization, suggestions) comes
 * in the lazy chunk on first use. Importing it from place-file.ts put that whole module, about
 * 1.2 KB gzip, into the board's first script.
 */
export function nameIn(names: Readonly<Record<string, string>>, text: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(names, text) ? names[text] : undefined;
}
