import { generateLoads } from '../tools/sample-api/data';
import { normalizeLoad } from '../src/api-client/normalize';
import { LANGUAGES } from '../src/config/languages';
import { loadEntryTexts, loadListJsonLd } from '../src/head/load-list';
import { faqPageJsonLd, organizationJsonLd } from '../src/head/structured-data';
import { createTranslator } from '../src/i18n/translator';
import { loadMeta } from '../src/head/load-meta';
import { readBundles } from './support/render-page';
import { jsonLdBlocks, schemaOrgProblems } from './support/schema-org';

describe('the schema.org checker', () => {
  it('accepts properties a type inherits (name from Thing on a Service)', () => {
    expect(
      schemaOrgProblems({ '@context': 'https://schema.org', '@type': 'Service', name: 'x', provider: { '@type': 'Person', name: 'A' } }),
    ).toEqual([]);
  });

  it('names a property the type cannot carry, such as inLanguage on a Service', () => {
    expect(schemaOrgProblems({ '@type': 'Service', inLanguage: 'ru' })).toEqual([
      expect.stringMatching(/^\$\.inLanguage: "inLanguage" is not a property of Service/),
    ]);
  });

  it('names unknown types and properties, however deep', () => {
    const problems = schemaOrgProblems({
      '@type': 'ItemList',
      itemListElement: [{ '@type': 'ListItem', position: 1, colour: 'red' }, { '@type': 'Lorry' }],
    });
    expect(problems).toEqual([
      '$.itemListElement[0].colour: schema.org has no property "colour"',
      '$.itemListElement[1]: schema.org has no type "Lorry"',
    ]);
  });

  it('names a typed value outside the property range', () => {
    expect(schemaOrgProblems({ '@type': 'Service', offers: { '@type': 'Person', name: 'x' } })).toEqual([
      expect.stringMatching(/^\$\.offers: a Person is not a value of "offers"/),
    ]);
  });

  it('reads every JSON-LD block of an HTML page', () => {
    const html = '<head><script type="application/ld+json" data-gatsby-head="true">{"@type":"Thing"}</script><script>x</script></head>';
    expect(jsonLdBlocks(html)).toEqual([{ '@type': 'Thing' }]);
  });
});

describe('the JSON-LD the site builds', () => {
  const loads = generateLoads(30).map(normalizeLoad);

  it.each(LANGUAGES.map((l) => [l.code, l] as const))(
    'load pages in %s use only what schema.org defines for their types',
    (_code, language) => {
      const t = createTranslator(language.prefix, readBundles(language, ['load', 'loads']));
      const problems = loads.flatMap((load) => schemaOrgProblems(loadMeta(load, t, language, `https://x.uz/load/${load.id}`).jsonLd));
      expect(problems).toEqual([]);
    },
  );

  it('the organization and the FAQ use only what schema.org defines for their types', () => {
    expect(schemaOrgProblems(organizationJsonLd('https://x.uz', 'About'))).toEqual([]);
    expect(schemaOrgProblems(faqPageJsonLd([{ question: 'Q?', answer: 'A.' }]))).toEqual([]);
  });

  it.each(LANGUAGES.map((l) => [l.code, l] as const))('the load lists in %s use only what schema.org defines', (_code, language) => {
    const t = createTranslator(language.prefix, readBundles(language, ['loads']));
    const list = loadListJsonLd({
      name: 'Yuklar',
      path: '/loads',
      origin: 'https://x.uz',
      language,
      loads: [normalizeLoad({ id: 'none' }), ...loads],
      texts: loadEntryTexts(t),
      placeName: (text) => text,
    });
    expect(list.itemListElement).toHaveLength(10);
    expect(schemaOrgProblems(list)).toEqual([]);
  });
});
