import fc from 'fast-check';
import type { CannedAnswer } from './fuzz-server';

/** Markup and script an API might carry in any text field. */
export const HOSTILE_SNIPPETS = [
  '<script>alert(1)</script>',
  '</script><img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  '<!--',
  ']]>',
  '\u2028\u2029',
  '{{constructor.constructor("alert(1)")()}}',
  '<style>body{display:none}</style>',
] as const;

export const hostileText = fc.oneof(
  fc.string(),
  fc.tuple(fc.string(), fc.constantFrom(...HOSTILE_SNIPPETS), fc.string()).map(([a, b, c]) => `${a}${b}${c}`),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);

/** Any value in a field: right type, wrong type, null, nested junk. */
export const anyField = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileText, { maxKeys: 3 }),
);

const place = fc.oneof(fc.record({ name: anyField }, { requiredKeys: [] }), anyField);

export const hostileLoad = fc.record(
  {
    id: fc.oneof(fc.integer({ min: 1, max: 1e6 }), fc.string({ minLength: 1, maxLength: 12 }), anyField),
    title: anyField,
    weight: anyField,
    volume: anyField,
    trucksNeeded: anyField,
    price: anyField,
    currency: anyField,
    loadingDate: anyField,
    createdAt: anyField,
    additionalInfo: anyField,
    vehicleType: fc.oneof(fc.record({ name: anyField }, { requiredKeys: [] }), anyField),
    fromLocation: place,
    toLocation: place,
    fromLocationName: anyField,
    toLocationName: anyField,
    contactSource: fc.oneof(fc.constantFrom('contact', 'user'), anyField),
    contact: fc.oneof(fc.record({ name: anyField, phoneNumber: anyField, telegramUsername: anyField }, { requiredKeys: [] }), anyField),
    user: fc.oneof(
      fc.record({ firstName: anyField, lastName: anyField, phoneNumber: anyField, username: anyField }, { requiredKeys: [] }),
      anyField,
    ),
  },
  { requiredKeys: [] },
);

function deeplyNested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** A whole list response, well-formed or not. */
export const hostileListBody = fc.oneof(
  // Well-formed lists of hostile loads weigh most: they are the ones that reach the pages.
  {
    weight: 4,
    arbitrary: fc
      .array(hostileLoad, { maxLength: 8 })
      .map((loads) => JSON.stringify({ data: loads, pagination: { total: loads.length, page: 1, limit: 20 } })),
  },
  { weight: 2, arbitrary: fc.array(hostileLoad, { maxLength: 8 }).map((loads) => JSON.stringify({ loads, total: loads.length })) },
  { weight: 2, arbitrary: fc.array(hostileLoad, { maxLength: 8 }).map((loads) => JSON.stringify(loads)) },
  { weight: 1, arbitrary: fc.record({ data: anyField, pagination: anyField }, { requiredKeys: [] }).map((body) => JSON.stringify(body)) },
  { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 3000 }).map(deeplyNested) },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constant('<html><body>502 Bad Gateway</body></html>') },
);

export const hostileAnswer: fc.Arbitrary<CannedAnswer> = fc.record({
  status: fc.oneof({ weight: 4, arbitrary: fc.constant(200) }, { weight: 1, arbitrary: fc.constantFrom(400, 404, 500, 502, 503) }),
  contentType: fc.constantFrom('application/json', 'text/html', 'text/plain', 'application/json; charset=utf-8'),
  body: hostileListBody,
  delayMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 120 })),
});
