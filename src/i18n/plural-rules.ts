import i18next from 'i18next';

/**
 * i18next 22, the newest the i18n plugin accepts, builds a new Intl.PluralRules for every counted text
 * it looks up (i18next 23 keeps them). Building one costs far more than asking it: the load board's
 * twenty cards, two counted texts each, spent about 7 ms there (CPU profile of a page load). Imported
 * for its effect: every i18next instance then keeps one rule per language and kind.
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

// Every instance (the plugin's, ours) is made by the same class; its init creates the resolver.
type Init = typeof i18next.init;
const instancePrototype = Object.getPrototypeOf(i18next) as { init: Init };
const init = instancePrototype.init;
instancePrototype.init = function (this: typeof i18next, ...args: Parameters<Init>) {
  const result = init.apply(this, args);
  keepRules((this.services as { pluralResolver?: PluralResolver }).pluralResolver);
  return result;
} as Init;
