import i18next from 'i18next';

/**
 * Work i18next does again for every text it looks up, done once per instance here; imported for its
 * effect. (It used to keep plural rules too: i18next 22 built an Intl.PluralRules per counted text;
 * i18next 24 keeps them itself, and __tests__/i18n-i18next-lookups.test.ts holds it to that.)
 *
 * The languages a lookup searches, in order: i18next works them out from the page's language on every
 * lookup, and for a code with a script or region ('uz-Cyrl') that asks ICU for the canonical form of
 * the code each time (Intl.getCanonicalLocales): the top of i18next's own time on an Uzbek Cyrillic
 * page in a CPU profile. The answer depends only on the code and the instance's options, which do not
 * change after init; a copy is handed out, as callers may keep it.
 */
interface LanguageUtils {
  toResolveHierarchy(code: string, fallbackCode?: unknown): string[];
  hierarchyKept?: true;
}

function keepHierarchies(utils: LanguageUtils | undefined): void {
  if (!utils || utils.hierarchyKept) return;
  const kept = new Map<string, string[]>();
  const resolve = utils.toResolveHierarchy.bind(utils);
  utils.hierarchyKept = true;
  utils.toResolveHierarchy = (code, fallbackCode) => {
    if (typeof code !== 'string' || fallbackCode !== undefined) return resolve(code, fallbackCode);
    let codes = kept.get(code);
    if (!codes) kept.set(code, (codes = resolve(code)));
    return [...codes];
  };
}

// Every instance (the plugin's, ours) is made by the same class; its init creates the services.
type Init = typeof i18next.init;
const instancePrototype = Object.getPrototypeOf(i18next) as { init: Init };
const init = instancePrototype.init;
instancePrototype.init = function (this: typeof i18next, ...args: Parameters<Init>) {
  const result = init.apply(this, args);
  keepHierarchies((this.services as { languageUtils?: LanguageUtils }).languageUtils);
  return result;
} as Init;
