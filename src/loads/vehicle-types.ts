import type { LanguageCode } from '../config/languages';

/**
 * Vehicle types as a page shows them. The API names them in Uzbek Latin ("Tent", "Fura 20t"), which
 * reads as foreign on /ru and /uz-cyrl (LANGUAGE-REVIEW.md item 34), so the words of the usual types are
 * named in each script here, like places in the gazetteer: in Uzbek Cyrillic, and in Russian where
 * Russian says it otherwise. The map is small because it ships to the browser with the load board.
 * Brands (Isuzu) and words it does not know stay as the API wrote them; on /uz the API's text is shown
 * as it is.
 */
const WORDS: Readonly<Record<string, readonly [cyrillic: string, russian?: string]>> = {
  tent: ['Тент'],
  refrijerator: ['Рефрижератор'],
  fura: ['Фура'],
  kamaz: ['Камаз', 'КамАЗ'],
  labo: ['Лабо'],
  gazel: ['Газел', 'Газель'],
  bortli: ['Бортли', 'Бортовой'],
  samosval: ['Самосвал'],
  konteyner: ['Контейнер'],
  damas: ['Дамас'],
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
      if (known) return (lang === 'ru' && known[1]) || known[0];
      const tonnes = TONNES.exec(word);
      return tonnes ? `${tonnes[1]}\u00a0т` : word;
    })
    .join('');
}
