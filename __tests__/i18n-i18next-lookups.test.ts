import { LANGUAGES } from '../src/config/languages';
import { createTranslator } from '../src/i18n/translator';
import { readBundles } from './support/render-page';

// i18next must keep one Intl.PluralRules per language instead of building one per counted text (i18next
// 22 did not), and src/i18n/i18next-lookups.ts makes it keep the languages a lookup searches instead of
// working them out (with ICU) for every text; the texts must come out exactly as before.
describe('counted texts', () => {
  const NativePluralRules = Intl.PluralRules;
  let built = 0;

  beforeAll(() => {
    class CountingPluralRules extends NativePluralRules {
      constructor(...args: ConstructorParameters<typeof Intl.PluralRules>) {
        super(...args);
        built += 1;
      }
    }
    Object.defineProperty(Intl, 'PluralRules', { value: CountingPluralRules, configurable: true, writable: true });
  });

  afterAll(() => {
    Object.defineProperty(Intl, 'PluralRules', { value: NativePluralRules, configurable: true, writable: true });
  });

  it('pick the Russian forms for one, few and many', () => {
    const ru = LANGUAGES.find((language) => language.code === 'ru');
    if (!ru) throw new Error('no Russian in the language list');
    const t = createTranslator(ru.prefix, readBundles(ru, ['loads']));
    const forms = [1, 2, 5, 11, 21, 22, 25, 101].map((count) => t('list.total', { count }));
    expect(forms).toEqual(['1 груз', '2 груза', '5 грузов', '11 грузов', '21 груз', '22 груза', '25 грузов', '101 груз']);
    expect(t('card.posted.day', { count: 3 })).toBe('3 дня назад');
  });

  it('build the plural rules of a language once per translator, however many texts are counted', () => {
    for (const language of LANGUAGES) {
      const before = built;
      const t = createTranslator(language.prefix, readBundles(language, ['loads']));
      for (let count = 0; count < 200; count += 1) t('card.trucks', { count });
      expect(built - before).toBeLessThanOrEqual(1);
    }
  });

  it('work out the languages a lookup searches once per language, and still find every text', () => {
    const native = Intl.getCanonicalLocales;
    let asked = 0;
    Intl.getCanonicalLocales = (...args: Parameters<typeof native>) => {
      asked += 1;
      return native(...args);
    };
    try {
      const cyrillic = LANGUAGES.find((language) => language.code === 'uz-Cyrl');
      if (!cyrillic) throw new Error('no Uzbek Cyrillic in the language list');
      const t = createTranslator(cyrillic.prefix, readBundles(cyrillic, ['loads']));
      const first = t('card.posted.day', { count: 3 });
      const afterFirst = asked;
      for (let count = 0; count < 200; count += 1) t('card.trucks', { count });
      expect(asked).toBe(afterFirst);
      expect(first).toMatch(/^3 кун/);
      expect(t('card.trucks', { count: 2 })).toMatch(/^2 /);
      // A key missing in Uzbek Cyrillic falls back as before (to the key itself: no fallback language).
      expect(t('no.such.key')).toBe('no.such.key');
    } finally {
      Intl.getCanonicalLocales = native;
    }
  });
});
