/**
 * @jest-environment node
 */
import fc from 'fast-check';
import {
  ApiShapeError,
  TEXT_LIMITS,
  chooseContact,
  normalizeLoad,
  normalizeLoadList,
  normalizeLoadResponse,
  normalizeVehicleTypes,
  reportedTotal,
} from '../src/api-client/normalize';
import type { Load, LoadList } from '../src/api-client/types';
import { PAGE_SIZE } from '../src/config/constants';
import { HOSTILE_LOAD_ID, HOSTILE_TITLE, generateLoads } from '../tools/sample-api/data';

const full = {
  id: 42,
  title: '  Sement 50 kg qoplarda  ',
  weight: '20.5',
  volume: 86,
  trucksNeeded: '2',
  price: 12_500_000,
  currency: 'uzs',
  loadingDate: '2026-11-22',
  createdAt: '2026-11-20T06:00:00Z',
  additionalInfo: ' Tez ',
  vehicleType: { id: 1, name: 'Tent' },
  fromLocation: { name: 'Toshkent' },
  toLocation: { name: 'Samarqand' },
  contactSource: 'contact',
  contact: { name: 'Aziz Karimov', phoneNumber: '+998901234567', telegramUsername: '@aziz_logist' },
  user: { firstName: 'Dilshod', lastName: 'Rahimov', phoneNumber: '+998911112233', username: 'dilshod' },
};

describe('normalizeLoad', () => {
  it('normalizes a complete load', () => {
    expect(normalizeLoad(full)).toEqual<Load>({
      id: '42',
      title: 'Sement 50 kg qoplarda',
      weight: 20.5,
      volume: 86,
      trucksNeeded: 2,
      price: 12_500_000,
      currency: 'UZS',
      loadingDate: '2026-11-22T00:00:00.000Z',
      createdAt: '2026-11-20T06:00:00.000Z',
      additionalInfo: 'Tez',
      vehicleType: 'Tent',
      from: 'Toshkent',
      to: 'Samarqand',
      contactSource: 'contact',
      contact: { name: 'Aziz Karimov', phone: '+998901234567', telegram: 'aziz_logist' },
      ownerPhone: '+998911112233',
    });
  });

  it('fills every missing optional field', () => {
    expect(normalizeLoad({ id: 'a1' })).toEqual<Load>({
      id: 'a1',
      title: '',
      weight: null,
      volume: null,
      trucksNeeded: null,
      price: null,
      currency: '',
      loadingDate: null,
      createdAt: null,
      additionalInfo: '',
      vehicleType: '',
      from: '',
      to: '',
      contactSource: 'contact',
      contact: null,
    });
  });

  it('uses the fallback place names only when the place objects have no name', () => {
    const fallback = { id: 1, fromLocationName: ' Buxoro ', toLocationName: 'Nukus' };
    expect(normalizeLoad(fallback)).toMatchObject({ from: 'Buxoro', to: 'Nukus' });
    expect(normalizeLoad({ ...fallback, fromLocation: { name: '' }, toLocation: null })).toMatchObject({
      from: 'Buxoro',
      to: 'Nukus',
    });
    expect(normalizeLoad({ ...fallback, fromLocation: { name: 'Xiva' } })).toMatchObject({ from: 'Xiva', to: 'Nukus' });
  });

  it('upper-cases the currency', () => {
    expect(normalizeLoad({ id: 1, currency: ' usd ' }).currency).toBe('USD');
  });

  it('rejects values that are not numbers, finite or sensible', () => {
    const load = normalizeLoad({ id: 1, weight: 'heavy', volume: -3, trucksNeeded: 1.5, price: Infinity });
    expect(load).toMatchObject({ weight: null, volume: null, trucksNeeded: null, price: null });
    expect(normalizeLoad({ id: 1, price: ' 2 500 000 ' }).price).toBe(2_500_000);
    expect(normalizeLoad({ id: 1, weight: NaN }).weight).toBeNull();
  });

  it('turns unparseable dates into null and parseable ones into ISO strings', () => {
    expect(normalizeLoad({ id: 1, loadingDate: 'tomorrow', createdAt: {} })).toMatchObject({
      loadingDate: null,
      createdAt: null,
    });
    expect(normalizeLoad({ id: 1, createdAt: Date.UTC(2026, 0, 2) }).createdAt).toBe('2026-01-02T00:00:00.000Z');
    expect(normalizeLoad({ id: 1, createdAt: 1e300 }).createdAt).toBeNull();
  });

  it('keeps markup as text and caps long text', () => {
    const load = normalizeLoad({ id: 1, title: HOSTILE_TITLE, additionalInfo: 'x'.repeat(50_000) });
    expect(load.title).toBe(HOSTILE_TITLE);
    expect(load.additionalInfo.length).toBe(TEXT_LIMITS.additionalInfo);
    expect(normalizeLoad({ id: 1, title: 'y'.repeat(1000) }).title).toHaveLength(TEXT_LIMITS.title);
  });

  it('throws ApiShapeError for a non-object or a load without a usable id', () => {
    expect(() => normalizeLoad(null)).toThrow(ApiShapeError);
    expect(() => normalizeLoad([full])).toThrow(ApiShapeError);
    expect(() => normalizeLoad({ title: 'x' })).toThrow('Load has no id');
    expect(() => normalizeLoad({ id: '  ' })).toThrow(ApiShapeError);
    expect(() => normalizeLoad({ id: NaN })).toThrow(ApiShapeError);
    expect(() => normalizeLoad({ id: { nested: 1 } })).toThrow(ApiShapeError);
  });

  it('ignores inherited properties', () => {
    const load = normalizeLoad(Object.assign(Object.create({ title: 'inherited' }) as object, { id: 1 }));
    expect(load.title).toBe('');
  });
});

describe('chooseContact', () => {
  const contact = { name: 'Aziz', phoneNumber: '+998901234567', telegramUsername: 'aziz' };
  const user = { firstName: 'Dilshod', lastName: 'Rahimov', phoneNumber: '+998911112233', username: 'dilshod' };
  const fromContact = { name: 'Aziz', phone: '+998901234567', telegram: 'aziz' };
  const fromUser = { name: 'Dilshod Rahimov', phone: '+998911112233', telegram: 'dilshod' };

  it('takes the stored contact for contactSource "contact"', () => {
    expect(chooseContact({ contactSource: 'contact', contact, user })).toEqual(fromContact);
  });

  it('takes the owning user for contactSource "user"', () => {
    expect(chooseContact({ contactSource: 'user', contact, user })).toEqual(fromUser);
  });

  it('defaults to the contact when contactSource is missing or unknown', () => {
    expect(chooseContact({ contact, user })).toEqual(fromContact);
    expect(chooseContact({ contactSource: 'company', contact, user })).toEqual(fromContact);
  });

  it('falls back to the other when the chosen one is missing or empty', () => {
    expect(chooseContact({ contactSource: 'contact', contact: null, user })).toEqual(fromUser);
    expect(chooseContact({ contactSource: 'contact', contact: { name: ' ' }, user })).toEqual(fromUser);
    expect(chooseContact({ contactSource: 'user', contact })).toEqual(fromContact);
  });

  it('builds the user name from whichever parts exist', () => {
    expect(chooseContact({ contactSource: 'user', user: { firstName: 'Nodira' } })).toEqual({
      name: 'Nodira',
      phone: '',
      telegram: '',
    });
  });

  it('returns null when there is nobody to contact', () => {
    expect(chooseContact({})).toBeNull();
    expect(chooseContact({ contact: 'Aziz', user: 5 })).toBeNull();
    expect(chooseContact(null)).toBeNull();
  });
});

describe('normalizeLoadList', () => {
  const items = [
    { id: 1, title: 'A' },
    { id: 2, title: 'B' },
  ];
  const ids = (list: LoadList): string[] => list.loads.map((load) => load.id);

  it('accepts {data} with nested pagination', () => {
    const list = normalizeLoadList({ data: items, pagination: { total: 45, page: 3, limit: 20 } });
    expect(ids(list)).toEqual(['1', '2']);
    expect(list).toMatchObject({ total: 45, page: 3, limit: 20 });
  });

  it('accepts {loads} with nested pagination', () => {
    expect(normalizeLoadList({ loads: items, pagination: { total: 2, page: 1, limit: 20 } })).toMatchObject({
      total: 2,
      page: 1,
      limit: 20,
    });
  });

  it('accepts top-level pagination, numeric strings included', () => {
    const list = normalizeLoadList({ data: items, total: '41', page: 2, limit: 20 });
    expect(ids(list)).toEqual(['1', '2']);
    expect(list).toMatchObject({ total: 41, page: 2, limit: 20 });
  });

  it('prefers nested pagination field by field', () => {
    expect(normalizeLoadList({ data: items, total: 9, page: 9, pagination: { total: 45 } })).toMatchObject({
      total: 45,
      page: 9,
    });
  });

  it('accepts a bare array, taking page and limit from the request or the defaults', () => {
    expect(normalizeLoadList(items)).toMatchObject({ total: 2, page: 1, limit: PAGE_SIZE });
    expect(normalizeLoadList(items, { page: 1, limit: 5 })).toMatchObject({ total: 2, page: 1, limit: 5 });
    // Page 2 without a total still vouches for the loads of page 1.
    expect(normalizeLoadList(items, { page: 2, limit: 20 })).toMatchObject({ total: 22, page: 2 });
  });

  it('falls back when pagination values are unusable', () => {
    const list = normalizeLoadList({ data: items, pagination: { total: -1, page: 0, limit: 'many' } }, { page: 1 });
    expect(list).toMatchObject({ total: 2, page: 1, limit: PAGE_SIZE });
  });

  it('skips unusable items and duplicate ids', () => {
    const list = normalizeLoadList({ data: [null, 'x', { title: 'no id' }, { id: 1 }, { id: '1' }, { id: 2 }] });
    expect(ids(list)).toEqual(['1', '2']);
  });

  it('throws ApiShapeError naming what it received for any other body', () => {
    for (const body of ['<html>Bad gateway</html>', 42, null, undefined, true, {}, { data: { loads: [] } }, { data: 'x' }]) {
      expect(() => normalizeLoadList(body)).toThrow(ApiShapeError);
    }
    expect(() => normalizeLoadList('<html>Bad gateway</html>')).toThrow(/received string "<html>Bad gateway<\/html>"/);
    let message = '';
    try {
      normalizeLoadList({ error: 'x'.repeat(10_000) });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Unexpected load list response: .*received object \{"error":"x+…$/);
    expect(message.length).toBeLessThan(250);
  });

  it('reads the whole generated sample data', () => {
    const list = normalizeLoadList({ data: generateLoads(120), pagination: { total: 120, page: 1, limit: 120 } });
    expect(list.loads).toHaveLength(120);
    expect(list.loads.find((load) => load.id === HOSTILE_LOAD_ID)?.title).toBe(HOSTILE_TITLE);
    expect(list.loads.every((load) => load.from && load.to && load.currency === load.currency.toUpperCase())).toBe(true);
  });
});

describe('reportedTotal', () => {
  it('is the reported total, or null when there is none', () => {
    expect(reportedTotal({ data: [], pagination: { total: 5 } })).toBe(5);
    expect(reportedTotal({ data: [], total: '7' })).toBe(7);
    expect(reportedTotal({ data: [] })).toBeNull();
    expect(reportedTotal([])).toBeNull();
  });
});

describe('normalizeLoadResponse', () => {
  it('accepts a load wrapped in data or bare', () => {
    expect(normalizeLoadResponse({ data: { id: 7, title: 'x' } })).toMatchObject({ id: '7', title: 'x' });
    expect(normalizeLoadResponse({ id: 7, title: 'x' })).toMatchObject({ id: '7', title: 'x' });
  });

  it('throws ApiShapeError for anything else', () => {
    for (const body of [null, [], 'x', { data: null }, { error: 'Load not found' }]) {
      expect(() => normalizeLoadResponse(body)).toThrow(ApiShapeError);
    }
  });
});

describe('normalizeVehicleTypes', () => {
  it('reads names and ids, skipping nameless items', () => {
    expect(normalizeVehicleTypes([{ id: 1, name: 'Tent' }, { id: 2 }, 'Labo', { name: ' Isuzu ' }])).toEqual([
      { id: '1', name: 'Tent' },
      { id: 'Labo', name: 'Labo' },
      { id: 'Isuzu', name: 'Isuzu' },
    ]);
    expect(normalizeVehicleTypes({ data: [{ id: 3, name: 'Kamaz' }] })).toEqual([{ id: '3', name: 'Kamaz' }]);
  });

  it('throws ApiShapeError for a non-array', () => {
    expect(() => normalizeVehicleTypes({ types: [] })).toThrow(ApiShapeError);
  });
});

// ---- properties: whatever arrives, the result is a valid LoadList or an ApiShapeError ----

const LOAD_TEXT_FIELDS = ['id', 'title', 'currency', 'additionalInfo', 'vehicleType', 'from', 'to'] as const;
const LOAD_NUMBER_FIELDS = ['weight', 'volume', 'trucksNeeded', 'price'] as const;

function assertValidLoad(load: Load): void {
  // The owner's phone only when the load names one (the history's poster).
  expect(Object.keys(load).sort()).toEqual(
    [
      ...LOAD_TEXT_FIELDS,
      ...LOAD_NUMBER_FIELDS,
      'loadingDate',
      'createdAt',
      'contactSource',
      'contact',
      ...('ownerPhone' in load ? ['ownerPhone'] : []),
    ].sort(),
  );
  if (load.ownerPhone !== undefined) expect(load.ownerPhone).not.toBe('');
  for (const key of LOAD_TEXT_FIELDS) expect(typeof load[key]).toBe('string');
  expect(load.id).not.toBe('');
  for (const key of LOAD_NUMBER_FIELDS) {
    const value = load[key];
    if (value !== null) expect(Number.isFinite(value) && value >= 0).toBe(true);
  }
  for (const key of ['loadingDate', 'createdAt'] as const) {
    const value = load[key];
    if (value !== null) expect(new Date(value).toISOString()).toBe(value);
  }
  expect(['contact', 'user']).toContain(load.contactSource);
  if (load.contact !== null) {
    for (const key of ['name', 'phone', 'telegram'] as const) expect(typeof load.contact[key]).toBe('string');
  }
  expect(load.title.length).toBeLessThanOrEqual(TEXT_LIMITS.title);
  expect(load.additionalInfo.length).toBeLessThanOrEqual(TEXT_LIMITS.additionalInfo);
  expect(load.currency).toBe(load.currency.toUpperCase());
}

function assertValidList(list: LoadList): void {
  expect(Array.isArray(list.loads)).toBe(true);
  for (const key of ['total', 'page', 'limit'] as const) expect(Number.isSafeInteger(list[key])).toBe(true);
  expect(list.total).toBeGreaterThanOrEqual(0);
  expect(list.page).toBeGreaterThanOrEqual(1);
  expect(list.limit).toBeGreaterThanOrEqual(1);
  expect(new Set(list.loads.map((load) => load.id)).size).toBe(list.loads.length);
  list.loads.forEach(assertValidLoad);
}

/** Runs normalizeLoadList and checks the outcome; any error other than ApiShapeError fails. */
function checkList(raw: unknown, requested?: { page?: number; limit?: number }): void {
  let list: LoadList;
  try {
    list = normalizeLoadList(raw, requested);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiShapeError);
    expect((error as Error).message.length).toBeLessThan(400);
    return;
  }
  assertValidList(list);
}

const hostileText = fc.constantFrom(
  HOSTILE_TITLE,
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '</script><!--',
  '{{constructor.constructor("alert(1)")()}}',
  'javascript:alert(1)',
  '\u0000\u202e\ud800',
  '   ',
  '',
  '__proto__',
  'x'.repeat(100_000),
);
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 50 }), hostileText);
const anyNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(NaN, Infinity, -Infinity, -0, Number.MAX_VALUE, -1, 1e21));
const anyValue = fc.oneof(anyText, anyNumber, fc.anything({ maxDepth: 3 }));
/** Deeply nested junk, which must not overflow anything. */
const deep = fc.integer({ min: 50, max: 2000 }).map((depth) => {
  let value: unknown = { name: 'Toshkent' };
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { name: value, data: value };
  return value;
});
const place = fc.oneof(fc.record({ name: anyValue }, { requiredKeys: [] }), anyValue, deep);
const person = fc.record(
  {
    name: anyValue,
    phoneNumber: anyValue,
    telegramUsername: anyValue,
    firstName: anyValue,
    lastName: anyValue,
    username: anyValue,
  },
  { requiredKeys: [] },
);

const loadLike = fc.record(
  {
    id: fc.oneof(fc.integer(), fc.string(), anyValue),
    title: anyValue,
    weight: fc.oneof(anyNumber, anyValue, anyNumber.map(String)),
    volume: fc.oneof(anyNumber, anyValue),
    trucksNeeded: fc.oneof(anyNumber, anyValue),
    price: fc.oneof(anyNumber, anyValue, anyNumber.map(String)),
    currency: anyValue,
    loadingDate: fc.oneof(
      fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'Invalid' : d.toISOString())),
      anyValue,
    ),
    createdAt: fc.oneof(anyValue, anyNumber),
    additionalInfo: anyValue,
    vehicleType: place,
    fromLocation: place,
    toLocation: place,
    fromLocationName: anyValue,
    toLocationName: anyValue,
    contactSource: fc.oneof(fc.constantFrom('contact', 'user', 'USER', ' user '), anyValue),
    contact: fc.oneof(person, anyValue),
    user: fc.oneof(person, anyValue),
  },
  { requiredKeys: [] },
);

const items = fc.array(fc.oneof({ weight: 4, arbitrary: loadLike }, { weight: 1, arbitrary: anyValue }), { maxLength: 15 });
const pagination = fc.record({ total: anyValue, page: anyValue, limit: anyValue }, { requiredKeys: [] });
const listBody = fc.oneof(
  items,
  fc.record({ data: items, pagination: fc.oneof(pagination, anyValue) }, { requiredKeys: ['data'] }),
  fc.record({ loads: items, pagination }, { requiredKeys: ['loads'] }),
  fc.tuple(items, pagination).map(([data, p]) => ({ data, ...p })),
  fc.record({ data: anyValue, loads: anyValue, pagination: anyValue }, { requiredKeys: [] }),
  deep,
  anyValue,
);
const requested = fc.option(
  fc.record({ page: fc.oneof(fc.integer(), anyNumber), limit: fc.oneof(fc.integer(), anyNumber) }, { requiredKeys: [] }),
  { nil: undefined },
);

describe('normalizeLoadList properties', () => {
  it('never throws anything but ApiShapeError for arbitrary values', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withTypedArray: true,
          withSparseArray: true,
          withBoxedValues: true,
        }),
        (raw) => {
          checkList(raw);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('returns valid loads or an ApiShapeError for hostile list bodies', () => {
    fc.assert(
      fc.property(listBody, requested, (raw, req) => {
        checkList(raw, req);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps every well-formed item', () => {
    const wellFormed = fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1 }), title: fc.string(), fromLocation: fc.record({ name: fc.string() }) }),
      { selector: (item) => item.id, maxLength: 30 },
    );
    fc.assert(
      fc.property(wellFormed, (loads) => {
        const list = normalizeLoadList({ loads });
        expect(list.loads.map((load) => load.id)).toEqual(loads.map((load) => String(load.id)));
        expect(list.total).toBe(loads.length);
      }),
      { numRuns: 200 },
    );
  });

  it('never throws anything but ApiShapeError for single loads and details', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          loadLike,
          anyValue,
          loadLike.map((data) => ({ data })),
        ),
        (raw) => {
          try {
            assertValidLoad(normalizeLoadResponse(raw));
          } catch (error) {
            if (!(error instanceof ApiShapeError)) throw error;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
