import type { LanguageCode } from '../config/languages';

/**
 * Vehicle types as a page shows them. The API names them in Uzbek Latin ("Tent", "Fura 20t"), which
 * reads as foreign on /ru and /uz-cyrl (LANGUAGE-REVIEW.md item 34), so the words of the usual types are
 * named in each script here, like places in the gazetteer. The map is small because it ships to the
 * browser with the load board. Brands (Isuzu) and words it does not know stay as the API wrote them; on
 * /uz the API's text is shown as it is.
 */
const WORDS: Readonly<Record<string, { 'uz-Cyrl': string; ru: string }>> = {
  tent: { 'uz-Cyrl': 'Тент', ru: 'Тент' },
  refrijerator: { 'uz-Cyrl': 'Рефрижератор', ru: 'Рефрижератор' },
  fura: { 'uz-Cyrl': 'Фура', ru: 'Фура' },
  kamaz: { 'uz-Cyrl': 'Камаз', ru: 'КамАЗ' },
  labo: { 'uz-Cyrl': 'Лабо', ru: 'Лабо' },
  gazel: { 'uz-Cyrl': 'Газел', ru: 'Газель' },
  bortli: { 'uz-Cyrl': 'Бортли', ru: 'Бортовой' },
  samosval: { 'uz-Cyrl': 'Самосвал', ru: 'Самосвал' },
  konteyner: { 'uz-Cyrl': 'Контейнер', ru: 'Контейнер' },
  damas: { 'uz-Cyrl': 'Дамас', ru: 'Дамас' },
};

/** A capacity written onto the type ("20t"), shown with the page's unit after a no-break space. */
const TONNES = /^(\d+(?:[.,]\d+)?)t$/i;

export function vehicleLabel(apiText: string, lang: LanguageCode): string {
  const text = String(apiText ?? '').trim();
  if (lang === 'uz' || !text) return text;
  return text
    .split(/(\s+)/)
    .map((word) => {
      const known = Object.prototype.hasOwnProperty.call(WORDS, word.toLowerCase()) ? WORDS[word.toLowerCase()] : undefined;
      if (known) return known[lang];
      const tonnes = TONNES.exec(word);
      return tonnes ? `${tonnes[1]}\u00a0т` : word;
    })
    .join('');
}
