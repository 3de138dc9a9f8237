/**
 * Deterministic sample loads in the raw API shape (SPEC.md section 3), for the sample API, tests and
 * benchmarks. Every load is generated from its own index-derived seed, so the output is byte-identical
 * across runs and `generateLoads(50)` is a prefix of `generateLoads(120)`: growing the data set never
 * changes the loads that were already there.
 *
 * The data deliberately exercises what a real API may send: numbers as strings, missing optional
 * fields, place names only in the `*LocationName` fallback fields (typed by hand in other scripts and
 * spellings: Ташкент, Tashkent, "Toshkent sh."), lower-case currency codes, date-only
 * loading dates, a `contact` source without a contact, and one hostile load (`HOSTILE_LOAD_ID`).
 *
 * The loads count back from their day (`GenerateOptions.day`): the newest is posted in the half hour
 * before its start, 00:00 UTC, so a data set served on its day never holds a load posted in the future. The sample API serves
 * the day it starts on; tests pin `PINNED_SAMPLE_DAY`, the day `generateLoads` uses when given none.
 */
import type { ApiContact, ApiLoad, ApiUser, ApiVehicleType } from '../../src/api-client/types';

/** The day tests pin the data set to (`SAMPLE_DAY`), and the day `generateLoads` counts from unless told. */
export const PINNED_SAMPLE_DAY = '2026-11-20';

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start (00:00 UTC) of a `YYYY-MM-DD` day, the newest posting of that day's data set; null when it is no day. */
export function sampleDayStart(day: string): number | null {
  const parts = DAY_TEXT.exec(day);
  if (!parts) return null;
  const time = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  return new Date(time).toISOString().slice(0, 10) === day ? time : null;
}

/** The UTC day of `time`, as `YYYY-MM-DD`: the day a sample API started then serves. */
export function utcDayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

const SEED = 0x5eed_2026;

/** The load whose text is markup and script, for escaping tests: the 6th load (on the first list page)
 * of any data set of 6 or more loads. */
export const HOSTILE_LOAD_ID = '666';
export const HOSTILE_TITLE = `<img src=x onerror=alert(1)></script><script>alert('xss')</script> "Quotes" & ampersand`;
export const HOSTILE_INFO =
  `</script><script>alert("info")</script><style>body{display:none}</style>` +
  `<a href="javascript:alert(1)">link</a> & &amp; "double" 'single' {{template}} \${injection} </textarea>`;
const HOSTILE_INDEX = 5;

export const VEHICLE_TYPES: ReadonlyArray<ApiVehicleType & { id: number; name: string }> = [
  { id: 1, name: 'Tent' },
  { id: 2, name: 'Refrijerator' },
  { id: 3, name: 'Isuzu' },
  { id: 4, name: 'Kamaz' },
  { id: 5, name: 'Fura 20t' },
  { id: 6, name: 'Labo' },
  { id: 7, name: 'Gazel' },
  { id: 8, name: 'Bortli' },
  { id: 9, name: 'Samosval' },
  { id: 10, name: 'Konteyner 40ft' },
  { id: 11, name: 'Damas' },
];

/**
 * Types the API's dictionary lists that no sample load uses, as a real dictionary grown over the years
 * does: the filters offer them, with no loads. Apart from VEHICLE_TYPES, whose length the generator's
 * dice read (adding to it would change every load).
 */
export const UNUSED_VEHICLE_TYPES: ReadonlyArray<ApiVehicleType & { id: number; name: string }> = [
  { id: 12, name: 'Avtovoz' },
  { id: 13, name: 'Sisterna' },
];

/** Tonnage range per vehicle type id, so a Labo never carries 20 t. */
const CAPACITY: Record<number, [number, number]> = {
  1: [10, 22],
  2: [8, 20],
  3: [3, 8],
  4: [8, 15],
  5: [15, 22],
  6: [0.5, 1],
  7: [1, 3],
  8: [5, 18],
  9: [10, 25],
  10: [18, 26],
  11: [0.3, 0.8],
};
/** Vehicle types with a closed body, which are the ones that state a volume. */
const HAS_VOLUME = new Set([1, 2, 5, 10]);

interface City {
  /** Id and spelling of the place in the API's own place dictionary. */
  id: number;
  name: string;
  /** Region text used by the `*LocationName` fallback form. */
  region: string;
  /** How users type the place by hand when they skip the dictionary: other scripts and spellings. */
  typed: readonly string[];
  foreign: boolean;
  weight: number;
}

// The dictionary spells a few foreign places in English (Almaty, Khujand), as a real one grown over
// the years does; the site must file them under the same place whatever the spelling.
const CITIES: City[] = [
  {
    id: 1,
    name: 'Toshkent',
    region: 'Toshkent shahri',
    typed: ['Тошкент', 'Ташкент', 'Tashkent', 'Toshkent sh.', 'г. Ташкент'],
    foreign: false,
    weight: 14,
  },
  { id: 2, name: 'Samarqand', region: 'Samarqand viloyati', typed: ['Самарқанд', 'Самарканд', 'Samarkand'], foreign: false, weight: 6 },
  { id: 3, name: 'Buxoro', region: 'Buxoro viloyati', typed: ['Бухоро', 'Бухара', 'Bukhara'], foreign: false, weight: 4 },
  { id: 4, name: 'Xiva', region: 'Xorazm viloyati', typed: ['Хива', 'Khiva'], foreign: false, weight: 2 },
  { id: 5, name: 'Urganch', region: 'Xorazm viloyati', typed: ['Урганч', 'Ургенч', 'Urgench'], foreign: false, weight: 3 },
  { id: 6, name: 'Nukus', region: "Qoraqalpog'iston Respublikasi", typed: ['Нукус', 'NUKUS'], foreign: false, weight: 3 },
  { id: 7, name: 'Andijon', region: 'Andijon viloyati', typed: ['Андижон', 'Андижан', 'Andijan'], foreign: false, weight: 4 },
  { id: 8, name: 'Namangan', region: 'Namangan viloyati', typed: ['Наманган', 'namangan shahri'], foreign: false, weight: 4 },
  { id: 9, name: "Farg'ona", region: "Farg'ona viloyati", typed: ['Фарғона', 'Фергана', 'Fargʻona', 'Fergana'], foreign: false, weight: 4 },
  { id: 10, name: "Qo'qon", region: "Farg'ona viloyati", typed: ['Қўқон', 'Коканд', 'Qo‘qon', 'Kokand'], foreign: false, weight: 2 },
  { id: 11, name: 'Qarshi', region: 'Qashqadaryo viloyati', typed: ['Қарши', 'Карши'], foreign: false, weight: 3 },
  { id: 12, name: 'Termiz', region: 'Surxondaryo viloyati', typed: ['Термиз', 'Термез', 'Termez'], foreign: false, weight: 3 },
  { id: 13, name: 'Navoiy', region: 'Navoiy viloyati', typed: ['Навоий', 'Навои'], foreign: false, weight: 3 },
  { id: 14, name: 'Jizzax', region: 'Jizzax viloyati', typed: ['Жиззах', 'Джизак'], foreign: false, weight: 2 },
  { id: 15, name: 'Guliston', region: 'Sirdaryo viloyati', typed: ['Гулистон', 'Гулистан'], foreign: false, weight: 2 },
  { id: 16, name: 'Chirchiq', region: 'Toshkent viloyati', typed: ['Чирчиқ', 'Чирчик'], foreign: false, weight: 2 },
  { id: 17, name: 'Angren', region: 'Toshkent viloyati', typed: ['Ангрен'], foreign: false, weight: 1 },
  { id: 18, name: 'Almaty', region: "Qozog'iston", typed: ['Алматы', 'Olmaota'], foreign: true, weight: 3 },
  { id: 19, name: 'Shymkent', region: "Qozog'iston", typed: ['Шымкент', 'Чимкент'], foreign: true, weight: 3 },
  { id: 20, name: 'Bishkek', region: "Qirg'iziston", typed: ['Бишкек'], foreign: true, weight: 2 },
  { id: 21, name: 'Osh', region: "Qirg'iziston", typed: ['Ош', 'Ўш'], foreign: true, weight: 2 },
  { id: 22, name: 'Dushanbe', region: 'Tojikiston', typed: ['Душанбе'], foreign: true, weight: 2 },
  { id: 23, name: 'Khujand', region: 'Tojikiston', typed: ['Худжанд', "Xo'jand"], foreign: true, weight: 2 },
  { id: 24, name: 'Ashgabat', region: 'Turkmaniston', typed: ['Ашхабад', 'Ashxobod'], foreign: true, weight: 1 },
  { id: 25, name: 'Moskva', region: 'Rossiya', typed: ['Москва', 'Moscow'], foreign: true, weight: 1 },
];

const CARGO: string[] = [
  'Sement 50 kg qoplarda',
  'Paxta tolasi',
  "Qurilish g'ishti",
  'Un 50 kg qoplarda',
  'Shakar qoplarda',
  'Olma, yashiklarda',
  'Uzum, yangi hosil',
  'Qovun va tarvuz',
  'Pomidor, yashiklarda',
  'Kartoshka',
  "Piyoz to'rlarda",
  "Mebel (yig'ilmagan)",
  'Tekstil mahsulotlari',
  'Paxta ipi (ip-kalava)',
  'Armatura 12 mm',
  'Metall profil',
  'Shifer',
  'Gips-karton listlar',
  'Maishiy texnika',
  'Konserva mahsulotlari',
  'Guruch qoplarda',
  "Quritilgan meva (mayiz, o'rik)",
  "Yong'oq",
  "Mineral o'g'it",
  'Plastik idishlar',
  'Keramik plitka',
  "Yog'och taxta",
  "Paxta yog'i, bochkalarda",
  'Мука в мешках',
  'Цемент М400',
  'Стройматериалы',
  'Фрукты в ящиках',
  'Мебель',
  'Текстиль',
  'Бытовая техника',
  'Металлопрокат',
  'Ун қопларда',
  'Қурилиш ғишти',
];

const INFO: string[] = [
  'Yuklash ertalab soat 8:00 da. Haydovchi hujjatlar bilan kelsin.',
  "To'lov naqd pulda, yetkazib berilgandan keyin.",
  "Plastik kartaga o'tkazma. Oldindan 30%.",
  'Yuk sovuq saqlanishi kerak: +2...+6 °C.',
  'Ikki joydan yuklanadi, bitta joyga tushiriladi.',
  'Погрузка с 9:00, оплата по факту выгрузки.',
  'Нужен тент, боковая загрузка.',
  'Срочно! Выгрузка в течение дня.',
  'Bojxona rasmiylashtiruvi yuk egasi tomonidan.',
  "Yo'l xarajatlari narxga kiritilgan.",
  '',
];

const FIRST_NAMES = [
  'Aziz',
  'Dilshod',
  'Sardor',
  'Jasur',
  'Bekzod',
  'Otabek',
  'Rustam',
  'Nodira',
  'Shoxrux',
  'Anvar',
  'Farrux',
  'Malika',
  "Ulug'bek",
  'Sanjar',
  'Akmal',
  'Ravshan',
];
const LAST_NAMES = [
  'Karimov',
  'Rahimov',
  'Yusupov',
  'Toshmatov',
  'Qodirov',
  'Ergashev',
  'Aliyev',
  'Nazarov',
  'Sobirov',
  "Xo'jayev",
  'Mirzayev',
  'Ismoilov',
];
const COMPANIES = [
  'Trans Logistik',
  'Yuk Servis',
  'Silk Road Cargo',
  'Asia Trans',
  'Buxoro Agro',
  'Vodiy Meva',
  'Sement Savdo',
  'ООО «ТрансАзия»',
];
const OPERATOR_CODES = ['90', '91', '93', '94', '95', '97', '98', '99', '88', '33'];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** mulberry32: tiny, fast, good enough for sample data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Dice {
  constructor(private readonly next: () => number) {}
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  pickWeighted<T extends { weight: number }>(items: readonly T[]): T {
    const sum = items.reduce((s, item) => s + item.weight, 0);
    let roll = this.next() * sum;
    for (const item of items) {
      roll -= item.weight;
      if (roll < 0) return item;
    }
    return items[items.length - 1] as T;
  }
}

export interface GenerateOptions {
  /** `YYYY-MM-DD`: the day the loads count back from (see the file comment). Default `PINNED_SAMPLE_DAY`. */
  day?: string;
  /** With `revision` > 0, every `changedEvery`-th load (index 0, N, 2N, ...) gets a new title and price. */
  changedEvery?: number;
  /** 0 (default) is the unchanged data set; each revision changes the same loads differently. */
  revision?: number;
}

export function generateLoads(count: number, options: GenerateOptions = {}): ApiLoad[] {
  const n = Math.max(0, Math.floor(count));
  const loads: ApiLoad[] = [];
  for (let i = 0; i < n; i += 1) loads.push(generateLoad(i, options));
  if (n > HOSTILE_INDEX) makeHostile(loads[HOSTILE_INDEX] as ApiLoad);
  return loads;
}

export function generateLoad(index: number, options: GenerateOptions = {}): ApiLoad {
  const dice = new Dice(mulberry32(SEED ^ Math.imul(index + 1, 0x9e3779b1)));
  const vehicle = dice.pick(VEHICLE_TYPES);
  const [minT, maxT] = CAPACITY[vehicle.id] ?? [1, 20];
  let from = dice.pickWeighted(CITIES);
  let to = dice.pickWeighted(CITIES);
  while (to.name === from.name) to = dice.pickWeighted(CITIES);
  // After the dice, so every other field of the load is what it was.
  const corridor = corridorLoad(index);
  if (corridor) [from, to] = corridor;
  const international = from.foreign || to.foreign;

  // Strictly decreasing with the index (at most 29 min of jitter inside a 30 min step): newest first.
  const createdMs = dayStartOf(options.day) - index * 30 * MINUTE - dice.int(0, 29) * MINUTE - dice.int(0, 59) * 1000;
  const loadingMs = Math.floor((createdMs + dice.int(1, 10) * DAY) / DAY) * DAY;

  const weight = round(dice.float(minT, maxT), weightStep(maxT));
  const currency = international ? (dice.chance(0.85) ? 'USD' : 'UZS') : dice.chance(0.9) ? 'UZS' : 'USD';
  let price: number | null =
    currency === 'USD'
      ? round(400 + ((weight / 26) * 2600 + dice.float(0, 500)) * (international ? 1 : 0.4), 50)
      : round(2_500_000 + (weight / 26) * 20_000_000 + dice.float(0, 2_500_000), 50_000);

  let title = dice.pick(CARGO);
  const revision = options.revision ?? 0;
  const every = options.changedEvery ?? 100;
  if (revision > 0 && every > 0 && index % every === 0) {
    title = `${title} (${revision}-tahrir)`;
    price += revision * (currency === 'USD' ? 10 : 100_000);
  }
  if (dice.chance(0.04)) price = null;
  // Some posters name a town on the way in the title: the API's search finds such a load by its title
  // (a search for Toshkent lists a Jizzax to Urganch load "via Toshkent"). By index, not by the dice,
  // so the rest of the data set stays what it was.
  if (index % TITLE_PLACE_EVERY === 5) title = `${title}, ${onTheWay(index, from, to).name} orqali`;

  const load: ApiLoad = {
    id: index % 7 === 3 ? 1001 + index : String(1001 + index),
    title,
    weight: dice.chance(0.1) ? String(weight) : weight,
    price,
    currency: dice.chance(0.1) ? currency.toLowerCase() : currency,
    loadingDate: dice.chance(0.15) ? new Date(loadingMs).toISOString().slice(0, 10) : new Date(loadingMs).toISOString(),
    createdAt: new Date(createdMs).toISOString(),
    additionalInfo: dice.pick(INFO),
    vehicleType: dice.chance(0.05) ? null : { id: vehicle.id, name: vehicle.name },
  };
  if (HAS_VOLUME.has(vehicle.id) && dice.chance(0.6)) load.volume = dice.int(82, 120);
  else if (dice.chance(0.2)) load.volume = null;
  if (dice.chance(0.5)) load.trucksNeeded = dice.chance(0.7) ? 1 : dice.int(2, 5);
  if (dice.chance(0.1)) delete load.loadingDate;

  if (dice.chance(1 / 6)) {
    load.fromLocationName = handTypedPlace(from, index);
    load.toLocationName = handTypedPlace(to, index + 1);
  } else {
    load.fromLocation = { id: from.id, name: from.name };
    load.toLocation = { id: to.id, name: to.name };
  }
  Object.assign(load, contactFields(dice, index));
  return load;
}

/** The start of a data set's day; a day that is not one is a caller's bug. */
function dayStartOf(day: string = PINNED_SAMPLE_DAY): number {
  const start = sampleDayStart(day);
  if (start === null) throw new Error(`Sample data: ${JSON.stringify(day)} is not a YYYY-MM-DD day`);
  return start;
}

/**
 * The busy corridors' loads, as drivers meet them: the trips Toshkent → Samarqand, → Buxoro and
 * → Farg'ona and back, and the legs that lie on their way (Toshkent → Jizzax and Jizzax → Samarqand on the
 * way to Samarqand, Navoiy's legs on the way to Buxoro, Qo'qon's and Angren's to Farg'ona), each within the
 * trips' detour rule (docs/trips.md). Every `CORRIDOR_EVERY`-th load, by index, not by the dice, so the
 * rest of the data set stays what it was; Guliston → Samarqand is left out: it adds 70 km to Toshkent →
 * Samarqand, more than the 60 the rule allows.
 */
const CORRIDOR_LOADS: ReadonlyArray<readonly [string, string]> = [
  ['Toshkent', 'Samarqand'],
  ['Toshkent', 'Jizzax'],
  ['Toshkent', 'Buxoro'],
  ['Toshkent', 'Navoiy'],
  ['Jizzax', 'Samarqand'],
  ['Samarqand', 'Toshkent'],
  ['Navoiy', 'Buxoro'],
  ['Toshkent', "Farg'ona"],
  ['Toshkent', "Qo'qon"],
  ['Samarqand', 'Buxoro'],
  ['Jizzax', 'Toshkent'],
  ['Buxoro', 'Toshkent'],
  ['Toshkent', 'Samarqand'],
  ['Angren', "Farg'ona"],
  ['Navoiy', 'Toshkent'],
  ['Samarqand', 'Jizzax'],
  ['Toshkent', 'Buxoro'],
  ["Qo'qon", "Farg'ona"],
  ["Farg'ona", 'Toshkent'],
  ['Buxoro', 'Samarqand'],
];
const CORRIDOR_EVERY = 6;
const CORRIDOR_OFFSET = 3;

function corridorLoad(index: number): [City, City] | null {
  if (index % CORRIDOR_EVERY !== CORRIDOR_OFFSET) return null;
  const [from, to] = CORRIDOR_LOADS[Math.floor(index / CORRIDOR_EVERY) % CORRIDOR_LOADS.length] as readonly [string, string];
  return [cityNamed(from), cityNamed(to)];
}

function cityNamed(name: string): City {
  const city = CITIES.find((candidate) => candidate.name === name);
  if (!city) throw new Error(`Sample data: no city ${name}`);
  return city;
}

/** Every this many loads, the title names a place on the way. */
const TITLE_PLACE_EVERY = 17;

/** A home city other than the load's own two ends, by index. */
function onTheWay(index: number, from: City, to: City): City {
  const home = CITIES.filter((city) => !city.foreign && city !== from && city !== to);
  return home[index % home.length] as City;
}

/**
 * A place as a user typed it without the dictionary: every other one in the old "City, region" form,
 * the rest in one of the city's other spellings. Chosen by index, not by the dice, so the rest of the
 * data set stays what it was.
 */
function handTypedPlace(city: City, index: number): string {
  if (index % 2 === 0 || city.typed.length === 0) return `${city.name}, ${city.region}`;
  return city.typed[Math.floor(index / 2) % city.typed.length] as string;
}

function contactFields(dice: Dice, index: number): Partial<ApiLoad> {
  const user = makeUser(dice);
  if (dice.chance(0.4)) return { contactSource: 'user', user };
  // A `contact` source whose contact is missing: the site must fall back to the user.
  if (index % 37 === 36) return { contactSource: 'contact', contact: null, user };
  return { contactSource: 'contact', contact: makeContact(dice), user };
}

function makeUser(dice: Dice): ApiUser {
  const firstName = dice.pick(FIRST_NAMES);
  const user: ApiUser = { firstName, lastName: dice.pick(LAST_NAMES), phoneNumber: phone(dice) };
  if (dice.chance(0.7)) user.username = `${latin(firstName)}${dice.int(10, 99)}`;
  return user;
}

function makeContact(dice: Dice): ApiContact {
  const person = dice.chance(0.3) ? dice.pick(COMPANIES) : `${dice.pick(FIRST_NAMES)} ${dice.pick(LAST_NAMES)}`;
  const contact: ApiContact = { name: person, phoneNumber: phone(dice) };
  if (dice.chance(0.6))
    contact.telegramUsername = `${(latin(person) || 'cargo').slice(0, 12)}_${dice.pick(['logist', 'cargo', 'yuk', 'trans'])}`;
  return contact;
}

function makeHostile(load: ApiLoad): void {
  load.id = HOSTILE_LOAD_ID;
  load.title = HOSTILE_TITLE;
  load.additionalInfo = HOSTILE_INFO;
}

function phone(dice: Dice): string {
  return `+998${dice.pick(OPERATOR_CODES)}${String(dice.int(0, 9_999_999)).padStart(7, '0')}`;
}

function latin(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

function weightStep(maxTonnes: number): number {
  return maxTonnes <= 3 ? 0.1 : 0.5;
}

function round(value: number, step: number): number {
  return Math.round(Math.round(value / step) * step * 10) / 10;
}
