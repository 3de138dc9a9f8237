/**
 * Uzbek Latin texts write oʻ/gʻ with U+02BB and the tutuq belgisi with U+02BC, but people type ', ‘ or ’;
 * tests compare Uzbek text the way search does: all five as one character.
 */
const APOSTROPHES = /['ʻʼ‘’]/gu;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern that matches `text` whichever apostrophe each of its apostrophes is written with. */
export function apostropheInsensitive(text: string): RegExp {
  return new RegExp(text.split(APOSTROPHES).map(escapeRegExp).join("['ʻʼ‘’]"), 'u');
}
