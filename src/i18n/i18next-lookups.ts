import i18next from 'i18next';

/**
 * Work i18next does again for every text it looks up, done once here. Imported for its effect: every
 * i18next instance (the plugin's, ours) gets both caches when it is initialised.
 *
 * Plural rules: i18next 22 built a new Intl.PluralRules for every counted text it looked up. Building
 * one costs far more than asking it: the load board's twenty cards, two counted texts each, spent
 * about 7 ms there (CPU profile of a page load). i18next 24 keeps them by a JSON key; this keeps one
 * rule per language and kind, by a plain one.
 */
interface PluralResolver {
  getRule(code: string, options?: { ordinal?: boolean }): unknown;
  rulesKept?: true;
}

const rules = new Map<string, unknown>();

function keepRules(resolver: PluralResolver | undefined): void {
  // The resolver's class is not exported: it is reached through the first instance that has one.
  const prototype = resolver && (Object.getPrototypeOf(resolver) as PluralResolver);
  if (!prototype || prototype.rulesKept) return;
  const buildRule = prototype.getRule;
  prototype.getRule = function getRule(this: PluralResolver, code, options = {}) {
    const key = `${code}|${options.ordinal ? 'ordinal' : 'cardinal'}`;
    if (!rules.has(key)) rules.set(key, buildRule.call(this, code, options));
    return rules.get(key);
  };
  prototype.rulesKept = true;
}

/**
 * The languages a lookup searches, in order: i18next works them out from the page's language on every
 * lookup, and for a code with a script or region ('uz-Cyrl') that asks ICU for the canonical form of
 * the code each time (Intl.getCanonicalLocales): the top of i18next's own time on an Uzbek Cyrillic
 * page in a CPU profile. The answer depends only on the code and the instance's options, which do not
 * change after init; a copy is handed out, as callers may keep it.
 */
interface LanguageUtils {
  toResolveHierarchy(code: string, fallbackCode?: unknown): string[];
  hierarchyKept?: Map<string, string[]>;
}

function keepHierarchies(utils: LanguageUtils | undefined): void {
  if (!utils || utils.hierarchyKept) return;
  const kept = new Map<string, string[]>();
  const resolve = utils.toResolveHierarchy.bind(utils);
  utils.hierarchyKept = kept;
  utils.toResolveHierarchy = (code, fallbackCode) => {
    if (typeof code !== 'string' || fallbackCode !== undefined) return resolve(code, fallbackCode);
    let codes = kept.get(code);
    if (!codes) kept.set(code, (codes = resolve(code)));
    return [...codes];
  };
}

// Every instance (the plugin's, ours) is made by the same class; its init creates the resolver.
type Init = typeof i18next.init;
const instancePrototype = Object.getPrototypeOf(i18next) as { init: Init };
const init = instancePrototype.init;
instancePrototype.init = function (this: typeof i18next, ...args: Parameters<Init>) {
  const result = init.apply(this, args);
  const services = this.services as { pluralResolver?: PluralResolver; languageUtils?: LanguageUtils };
  keepRules(services.pluralResolver);
  keepHierarchies(services.languageUtils);
  return result;
} as Init;
