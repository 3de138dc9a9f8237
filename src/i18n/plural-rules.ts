import i18next from 'i18next';

/**
 * i18next 22, the newest the i18n plugin accepts, builds a new Intl.PluralRules for every counted text
 * it looks up (i18next 23 keeps them). Building one costs far more than asking it: the load board's
 * twenty cards, two counted texts each, spent 5-7 ms of their hydration there. Imported for its effect:
 * every i18next instance then keeps one rule per language and kind.
 */
interface PluralResolver {
  getRule(code: string, options?: { ordinal?: boolean }): unknown;
}

const rules = new Map<string, unknown>();
// The resolver class is not exported; an instance's prototype is the way to it.
const probe = i18next.createInstance();
void probe.init({ initImmediate: false, resources: {} });
const resolver = Object.getPrototypeOf((probe.services as { pluralResolver: PluralResolver }).pluralResolver) as PluralResolver;
const buildRule = resolver.getRule;

resolver.getRule = function getRule(this: PluralResolver, code, options = {}) {
  const key = `${code}|${options.ordinal ? 'ordinal' : 'cardinal'}`;
  if (!rules.has(key)) rules.set(key, buildRule.call(this, code, options));
  return rules.get(key);
};
