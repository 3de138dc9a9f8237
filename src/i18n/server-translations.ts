import type { i18n as I18n, TFunction } from 'i18next';

/**
 * The server renders every page with an i18next instance of its own (the plugin's page wrapper builds
 * one from the page's texts), and a city or route page asks it for some two hundred strings, most of them
 * asked already by the pages before it: twenty cards' "16 t" and "2 soat oldin", the header, the footer.
 * i18next works each one out again (namespaces, fallbacks, plural rules, interpolation: 4-10 µs a call),
 * seconds of a 10,000-load build. Within one production build a language's texts do not change, so an
 * answer worked out once is the answer for every page that asks the same thing of the same namespaces.
 * Never in the browser, where a deploy may change the texts under an open page, nor under `gatsby
 * develop`, where they change as they are edited.
 */
const answers = new Map<string, string>();

/** Enough for every distinct string of a large build; past it, answers are worked out as before. */
const MOST_ANSWERS = 200_000;

type Plain = string | number | boolean | null | undefined;

function isPlain(value: unknown): value is Plain | readonly string[] {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string');
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * What an answer depends on, as one string, or null when the call passes anything but plain values (a
 * formatter, an element for `<Trans>`, nested options): those are worked out each time.
 */
export function answerKey(instance: Pick<I18n, 'language' | 'options'>, key: unknown, options: unknown): string | null {
  if (!(typeof key === 'string' || (Array.isArray(key) && isPlain(key)))) return null;
  if (options !== undefined && (typeof options !== 'object' || options === null)) return null;
  const entries = Object.entries(options ?? {});
  if (!entries.every(([, value]) => isPlain(value))) return null;
  const { defaultNS, fallbackNS } = instance.options;
  return JSON.stringify([instance.language, defaultNS, fallbackNS, key, entries]);
}

/** The instance's `t`, answering again from what any instance built from the same texts worked out. */
export function rememberAnswers(instance: I18n): void {
  const translate = instance.t.bind(instance) as (key: unknown, options?: unknown) => unknown;
  const remembering = (key: unknown, options?: unknown): unknown => {
    const found = answerKey(instance, key, options);
    if (found === null) return translate(key, options);
    const known = answers.get(found);
    if (known !== undefined) return known;
    const answer = translate(key, options);
    if (typeof answer === 'string' && answers.size < MOST_ANSWERS) answers.set(found, answer);
    return answer;
  };
  instance.t = remembering as TFunction;
}

/** Whether this render is the production server's (gatsby-ssr runs under `gatsby develop` too). */
export function keepsAnswers(): boolean {
  return typeof window === 'undefined' && process.env.NODE_ENV === 'production';
}
