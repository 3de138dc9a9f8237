/**
 * Free text as a review typed it into loads, each with what in it names or reaches a person (or simply
 * is the poster's own words): the ways a phone, a name or a handle slipped past a scrub of free text,
 * and ordinary cargo text a scrub mangled. The history keeps no text a poster wrote, so none of it may
 * survive anywhere: in the history file's bytes, in the closed-load index, on a closed load's page.
 */
export interface ReviewedText {
  text: string;
  /** Pieces of `text` that must be found nowhere the history feeds. */
  secrets: readonly string[];
}

export const REVIEWED_TEXTS: readonly ReviewedText[] = [
  // A phone ending in zeros, read as a price.
  { text: 'Yuk bor, 90 100 00 00', secrets: ['90 100 00 00', '901000000', 'Yuk bor'] },
  // Digits split by what no phone pattern expects.
  { text: 'Sement 90_123_45_67', secrets: ['90_123_45_67'] },
  { text: 'Sement 90*123*45*67', secrets: ['90*123*45*67'] },
  { text: 'Sement 90,123,45,67', secrets: ['90,123,45,67'] },
  { text: 'Sement 90\u200b123\u200b45\u200b67', secrets: ['90\u200b123\u200b45'] },
  { text: 'Sement 90\u00ad123\u00ad45\u00ad67', secrets: ['90\u00ad123\u00ad45'] },
  // Digits of other alphabets: mathematical bold, circled.
  { text: 'Sement 𝟗𝟎 𝟏𝟐𝟑 𝟒𝟓 𝟔𝟕', secrets: ['𝟗𝟎 𝟏𝟐𝟑 𝟒𝟓'] },
  { text: 'Sement ⑨⓪ ①②③ ④⑤ ⑥⑦', secrets: ['⑨⓪ ①②③ ④⑤'] },
  // A name beside a number.
  { text: 'Sement 20 t; Rustam, 90 123 45 67', secrets: ['Rustam', '90 123 45 67', '901234567'] },
  // Handles and addresses spelled out.
  { text: 'Sement, ali at mail dot ru', secrets: ['ali at mail dot ru'] },
  { text: 'Sement, insta: ali_cargo', secrets: ['ali_cargo', 'insta: ali'] },
  { text: 'Sement t . me / ali', secrets: ['t . me / ali'] },
  // Names called by their honorific, as people write them.
  { text: "Sement, Botir og'a", secrets: ['Botir'] },
  { text: 'Sement, Ali-aka', secrets: ['Ali-aka'] },
  { text: 'Цемент, звоните Дилноза опа 91 765 43 21', secrets: ['Дилноза', '917654321', '91 765 43 21'] },
  // Ordinary cargo text: the poster's own words, kept nowhere either.
  { text: 'Sement M400 1000 qop', secrets: ['M400 1000 qop'] },
  { text: "Narxi 1 234 567 so'm, 12.05.2026 soat 09:30", secrets: ['1 234 567', 'soat 09:30'] },
  { text: 'Konteyner MSKU1234567', secrets: ['MSKU1234567'] },
];

/** Every secret of the table. */
export const REVIEWED_SECRETS: readonly string[] = REVIEWED_TEXTS.flatMap((reviewed) => reviewed.secrets);

/**
 * A load in the API's shape with `text` in every field a poster fills in: the title, the note, the
 * contact (name, phone, handle), the places (as places the gazetteer does not know), the vehicle type
 * and the currency. The destination is a known place, so the load has a route page to lead on to.
 */
export function loadWithText(id: string, text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    title: text,
    additionalInfo: text,
    fromLocation: { name: text },
    toLocation: { name: 'Samarqand' },
    vehicleType: { id: 99, name: text },
    weight: 20,
    volume: 86,
    price: 6_500_000,
    currency: text,
    loadingDate: '2026-11-20T00:00:00Z',
    createdAt: '2026-11-18T09:00:00Z',
    contactSource: 'contact',
    contact: { name: text, phoneNumber: text, telegramUsername: text },
    ...extra,
  };
}

/** Which secrets `text` holds (in UTF-8 and as Latin-1 bytes read back, which is how a file is searched). */
export function secretsIn(text: string): string[] {
  return REVIEWED_SECRETS.filter((secret) => text.includes(secret));
}
