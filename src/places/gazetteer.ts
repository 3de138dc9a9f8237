/**
 * The places the site knows, with their names in the site's three languages and in English.
 *
 * Names were written from established usage, not transliterated: Russian names are the Russian
 * exonyms (Коканд, Ургенч, Джизак), Uzbek names follow the official Uzbek forms (Latin with ʻ U+02BB
 * after o and g). A place whose forms were not certain was left out rather than guessed.
 * Foreign places without an established Uzbek form use the form Uzbek media use (Latin) and the
 * Russian form in Uzbek Cyrillic.
 *
 * `aliases` are other spellings people type: old names, English variants, forms without ʻ, the API's
 * own spellings. Suffixes such as "sh.", "shahri", "г." need no alias: matching strips them.
 */

/** ISO 3166-1 alpha-2 codes of the countries the gazetteer covers. */
export type CountryCode = 'UZ' | 'KZ' | 'KG' | 'TJ' | 'TM' | 'RU' | 'TR' | 'IR' | 'AF' | 'CN' | 'BY' | 'PL' | 'LV' | 'LT';

export interface PlaceNames {
  uz: string;
  'uz-Cyrl': string;
  ru: string;
  en: string;
}

export interface Place {
  /** Uzbek Latin name in lower-case ASCII, apostrophes dropped (CONTRACT.md, Routes). */
  slug: string;
  names: PlaceNames;
  aliases: readonly string[];
  country: CountryCode;
  /** Region (viloyat) in Uzbek Latin, for places in Uzbekistan. */
  region?: string;
  lat: number;
  lon: number;
}

type Row = [uz: string, cyrl: string, ru: string, en: string, lat: number, lon: number, aliases?: string[]];

/** Slug rule of CONTRACT.md: the Uzbek Latin name, lower-case ASCII, apostrophes and tutuq dropped. */
export function slugOf(uzLatinName: string): string {
  return uzLatinName
    .toLowerCase()
    .replace(/[ʻʼ'‘’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function rows(country: CountryCode, region: string | undefined, list: Row[]): Place[] {
  return list.map(([uz, cyrl, ru, en, lat, lon, aliases = []]) => ({
    slug: slugOf(uz),
    names: { uz, 'uz-Cyrl': cyrl, ru, en },
    aliases,
    country,
    ...(region ? { region } : {}),
    lat,
    lon,
  }));
}

const UZBEKISTAN: Place[] = [
  ...rows('UZ', 'Toshkent shahri', [
    ['Toshkent', 'Тошкент', 'Ташкент', 'Tashkent', 41.3111, 69.2797, ['Tashkent', 'Toshkend', 'Tashkand']],
  ]),
  ...rows('UZ', 'Toshkent viloyati', [
    ['Nurafshon', 'Нурафшон', 'Нурафшан', 'Nurafshan', 41.0433, 69.3556, ['Toʻytepa', 'Тойтепа', 'Той-Тепа']],
    ['Chirchiq', 'Чирчиқ', 'Чирчик', 'Chirchiq', 41.4689, 69.5822, ['Chirchik']],
    ['Angren', 'Ангрен', 'Ангрен', 'Angren', 41.0167, 70.1436],
    ['Olmaliq', 'Олмалиқ', 'Алмалык', 'Almalyk', 40.8447, 69.5983, ['Almalik']],
    ['Bekobod', 'Бекобод', 'Бекабад', 'Bekabad', 40.2208, 69.2697],
    ['Ohangaron', 'Оҳангарон', 'Ахангаран', 'Akhangaran', 40.9064, 69.6383],
    ['Yangiyoʻl', 'Янгийўл', 'Янгиюль', 'Yangiyul', 41.1125, 69.0472],
    ['Gʻazalkent', 'Ғазалкент', 'Газалкент', 'Gazalkent', 41.5581, 69.7708],
    ['Parkent', 'Паркент', 'Паркент', 'Parkent', 41.2944, 69.6764],
    ['Keles', 'Келес', 'Келес', 'Keles', 41.4033, 69.2089],
    ['Chinoz', 'Чиноз', 'Чиназ', 'Chinaz', 40.9364, 68.7583],
  ]),
  ...rows('UZ', 'Samarqand viloyati', [
    ['Samarqand', 'Самарқанд', 'Самарканд', 'Samarkand', 39.6542, 66.9597, ['Samarkand']],
    ['Kattaqoʻrgʻon', 'Каттақўрғон', 'Каттакурган', 'Kattakurgan', 39.8989, 66.2561],
    ['Urgut', 'Ургут', 'Ургут', 'Urgut', 39.4022, 67.2431],
    ['Bulungʻur', 'Булунғур', 'Булунгур', 'Bulungur', 39.7611, 67.2706],
    ['Ishtixon', 'Иштихон', 'Иштыхан', 'Ishtikhan', 39.9667, 66.4861],
  ]),
  ...rows('UZ', 'Buxoro viloyati', [
    ['Buxoro', 'Бухоро', 'Бухара', 'Bukhara', 39.7747, 64.4286, ['Bukhara', 'Buxara']],
    ['Kogon', 'Когон', 'Каган', 'Kagan', 39.7228, 64.5517],
    ['Gʻijduvon', 'Ғиждувон', 'Гиждуван', 'Gijduvan', 40.1, 64.6833],
    ['Qorakoʻl', 'Қоракўл', 'Каракуль', 'Karakul', 39.5275, 63.8539],
    ['Olot', 'Олот', 'Алат', 'Alat', 39.4167, 63.8],
    ['Gʻalaosiyo', 'Ғалаосиё', 'Галаасия', 'Galaasiya', 39.8586, 64.4508],
    ['Vobkent', 'Вобкент', 'Вабкент', 'Vabkent', 40.0233, 64.5147],
  ]),
  ...rows('UZ', 'Navoiy viloyati', [
    ['Navoiy', 'Навоий', 'Навои', 'Navoiy', 40.0844, 65.3792, ['Navoi']],
    ['Zarafshon', 'Зарафшон', 'Зарафшан', 'Zarafshan', 41.5833, 64.2],
    ['Uchquduq', 'Учқудуқ', 'Учкудук', 'Uchkuduk', 42.1567, 63.5556],
    ['Nurota', 'Нурота', 'Нурата', 'Nurata', 40.5614, 65.6886],
    ['Karmana', 'Кармана', 'Кармана', 'Karmana', 40.1367, 65.3581],
    ['Qiziltepa', 'Қизилтепа', 'Кызылтепа', 'Kyzyltepa', 40.0333, 64.85],
  ]),
  ...rows('UZ', 'Qashqadaryo viloyati', [
    ['Qarshi', 'Қарши', 'Карши', 'Karshi', 38.8606, 65.7891, ['Karshi']],
    ['Shahrisabz', 'Шаҳрисабз', 'Шахрисабз', 'Shahrisabz', 39.0578, 66.8342],
    ['Kitob', 'Китоб', 'Китаб', 'Kitab', 39.1358, 66.8817],
    ['Gʻuzor', 'Ғузор', 'Гузар', 'Guzar', 38.6208, 66.2481],
    ['Muborak', 'Муборак', 'Мубарек', 'Mubarek', 39.2553, 65.1528],
    ['Koson', 'Косон', 'Касан', 'Kasan', 39.0375, 65.585],
    ['Yakkabogʻ', 'Яккабоғ', 'Яккабаг', 'Yakkabag', 38.9764, 66.6811],
    ['Chiroqchi', 'Чироқчи', 'Чиракчи', 'Chiraqchi', 39.0336, 66.5739],
  ]),
  ...rows('UZ', 'Surxondaryo viloyati', [
    ['Termiz', 'Термиз', 'Термез', 'Termez', 37.2242, 67.2783, ['Termez']],
    ['Denov', 'Денов', 'Денау', 'Denau', 38.2667, 67.9],
    ['Sherobod', 'Шеробод', 'Шерабад', 'Sherabad', 37.6667, 67.0],
    ['Boysun', 'Бойсун', 'Байсун', 'Baysun', 38.2061, 67.2081],
    ['Shoʻrchi', 'Шўрчи', 'Шурчи', 'Shurchi', 38.0, 67.7833],
    ['Jarqoʻrgʻon', 'Жарқўрғон', 'Джаркурган', 'Jarkurgan', 37.5, 67.4167],
    ['Qumqoʻrgʻon', 'Қумқўрғон', 'Кумкурган', 'Kumkurgan', 37.8333, 67.5833],
    ['Sariosiyo', 'Сариосиё', 'Сариасия', 'Sariasiya', 38.4167, 67.95],
  ]),
  ...rows('UZ', 'Jizzax viloyati', [
    ['Jizzax', 'Жиззах', 'Джизак', 'Jizzakh', 40.1158, 67.8422, ['Jizzakh', 'Джиззак']],
    ['Gʻallaorol', 'Ғаллаорол', 'Галляарал', 'Gallaorol', 40.0167, 67.5833],
    ['Doʻstlik', 'Дўстлик', 'Дустлик', 'Dustlik', 40.5247, 68.0358],
    ['Zomin', 'Зомин', 'Заамин', 'Zaamin', 39.9606, 68.3958],
    ['Paxtakor', 'Пахтакор', 'Пахтакор', 'Pakhtakor', 40.3153, 67.9544],
  ]),
  ...rows('UZ', 'Sirdaryo viloyati', [
    ['Guliston', 'Гулистон', 'Гулистан', 'Gulistan', 40.4897, 68.7842, ['Gulistan']],
    ['Yangiyer', 'Янгиер', 'Янгиер', 'Yangiyer', 40.275, 68.8225],
    ['Shirin', 'Ширин', 'Ширин', 'Shirin', 40.2236, 69.1336],
    ['Sirdaryo', 'Сирдарё', 'Сырдарья', 'Syrdarya', 40.8436, 68.6617],
  ]),
  ...rows('UZ', 'Fargʻona viloyati', [
    ['Fargʻona', 'Фарғона', 'Фергана', 'Fergana', 40.3864, 71.7864, ['Fergana', 'Fargana', 'Фаргона']],
    ['Qoʻqon', 'Қўқон', 'Коканд', 'Kokand', 40.5286, 70.9425, ['Kokand', 'Qo‘qon', 'Коканд', 'Кукон']],
    ['Margʻilon', 'Марғилон', 'Маргилан', 'Margilan', 40.4711, 71.7247, ['Margilan']],
    ['Quvasoy', 'Қувасой', 'Кувасай', 'Kuvasay', 40.2972, 71.98],
    ['Quva', 'Қува', 'Кува', 'Kuva', 40.5228, 72.0725],
    ['Rishton', 'Риштон', 'Риштан', 'Rishtan', 40.3567, 71.2847],
    ['Beshariq', 'Бешариқ', 'Бешарык', 'Besharyk', 40.4358, 70.6103],
    ['Oltiariq', 'Олтиариқ', 'Алтыарык', 'Altyaryk', 40.3925, 71.4747],
  ]),
  ...rows('UZ', 'Andijon viloyati', [
    ['Andijon', 'Андижон', 'Андижан', 'Andijan', 40.7821, 72.3442, ['Andijan', 'Andizhan']],
    ['Asaka', 'Асака', 'Асака', 'Asaka', 40.6415, 72.2387],
    ['Xonobod', 'Хонобод', 'Ханабад', 'Khanabad', 40.8031, 72.9847],
    ['Shahrixon', 'Шаҳрихон', 'Шахрихан', 'Shahrikhan', 40.7133, 72.0572],
    ['Qorasuv', 'Қорасув', 'Карасу', 'Karasu', 40.7247, 72.8853],
    ['Xoʻjaobod', 'Хўжаобод', 'Ходжаабад', 'Khojaabad', 40.6681, 72.5628],
    ['Paxtaobod', 'Пахтаобод', 'Пахтаабад', 'Pakhtaabad', 40.93, 72.5],
    ['Marhamat', 'Марҳамат', 'Мархамат', 'Marhamat', 40.5, 72.3333],
  ]),
  ...rows('UZ', 'Namangan viloyati', [
    ['Namangan', 'Наманган', 'Наманган', 'Namangan', 40.9983, 71.6726],
    ['Chust', 'Чуст', 'Чуст', 'Chust', 41.0036, 71.2375],
    ['Pop', 'Поп', 'Пап', 'Pap', 40.8736, 71.1089],
    ['Kosonsoy', 'Косонсой', 'Касансай', 'Kasansay', 41.2494, 71.5461],
    ['Chortoq', 'Чортоқ', 'Чартак', 'Chartak', 41.0692, 71.8236],
    ['Uchqoʻrgʻon', 'Учқўрғон', 'Учкурган', 'Uchkurgan', 41.1136, 72.0794],
    ['Toʻraqoʻrgʻon', 'Тўрақўрғон', 'Туракурган', 'Turakurgan', 40.9994, 71.5108],
  ]),
  ...rows('UZ', 'Xorazm viloyati', [
    ['Urganch', 'Урганч', 'Ургенч', 'Urgench', 41.55, 60.6333, ['Urgench']],
    ['Xiva', 'Хива', 'Хива', 'Khiva', 41.3783, 60.3639, ['Khiva', 'Hiva']],
    ['Xonqa', 'Хонқа', 'Ханка', 'Khanka', 41.4747, 60.7778],
    ['Hazorasp', 'Ҳазорасп', 'Хазарасп', 'Hazarasp', 41.3194, 61.0742],
    ['Gurlan', 'Гурлан', 'Гурлен', 'Gurlen', 41.8447, 60.3919],
    ['Shovot', 'Шовот', 'Шават', 'Shavat', 41.6556, 60.3025],
    ['Bogʻot', 'Боғот', 'Багат', 'Bagat', 41.35, 60.8333],
  ]),
  ...rows('UZ', 'Qoraqalpogʻiston Respublikasi', [
    ['Nukus', 'Нукус', 'Нукус', 'Nukus', 42.4531, 59.6103],
    ['Xoʻjayli', 'Хўжайли', 'Ходжейли', 'Khojeyli', 42.4047, 59.4517],
    ['Chimboy', 'Чимбой', 'Чимбай', 'Chimbay', 42.9311, 59.7708],
    ['Qoʻngʻirot', 'Қўнғирот', 'Кунград', 'Kungrad', 43.0758, 58.9067],
    ['Toʻrtkoʻl', 'Тўрткўл', 'Турткуль', 'Turtkul', 41.55, 61.0],
    ['Beruniy', 'Беруний', 'Беруни', 'Beruniy', 41.6911, 60.7525],
    ['Moʻynoq', 'Мўйноқ', 'Муйнак', 'Muynak', 43.7683, 59.0214],
    ['Taxiatosh', 'Тахиатош', 'Тахиаташ', 'Takhiatash', 42.3167, 59.6],
    ['Mangʻit', 'Манғит', 'Мангит', 'Mangit', 42.1156, 60.0619],
  ]),
];

const NEIGHBOURS: Place[] = [
  ...rows('KZ', undefined, [
    ['Olmaota', 'Олмаота', 'Алматы', 'Almaty', 43.2389, 76.8897, ['Almaty', 'Almati', 'Алма-Ата', 'Alma-Ata']],
    ['Astana', 'Астана', 'Астана', 'Astana', 51.1694, 71.4491, ['Nur-Sultan', 'Нур-Султан', 'Akmola']],
    ['Chimkent', 'Чимкент', 'Шымкент', 'Shymkent', 42.3417, 69.5901, ['Shymkent', 'Shimkent', 'Чимкент']],
    ['Turkiston', 'Туркистон', 'Туркестан', 'Turkistan', 43.2973, 68.2518, ['Turkestan']],
    ['Taroz', 'Тароз', 'Тараз', 'Taraz', 42.9, 71.3667, ['Taraz', 'Джамбул']],
    ['Qiziloʻrda', 'Қизилўрда', 'Кызылорда', 'Kyzylorda', 44.8488, 65.4823, ['Kyzylorda']],
  ]),
  ...rows('KG', undefined, [
    ['Bishkek', 'Бишкек', 'Бишкек', 'Bishkek', 42.8746, 74.5698, ['Фрунзе']],
    ['Oʻsh', 'Ўш', 'Ош', 'Osh', 40.5283, 72.7985],
    ['Jalolobod', 'Жалолобод', 'Джалал-Абад', 'Jalal-Abad', 40.9333, 73.0, ['Jalal-Abad', 'Jalalabad']],
  ]),
  ...rows('TJ', undefined, [
    ['Dushanbe', 'Душанбе', 'Душанбе', 'Dushanbe', 38.5598, 68.787],
    ['Xoʻjand', 'Хўжанд', 'Худжанд', 'Khujand', 40.2826, 69.6222, ['Khujand', 'Khodjent', 'Ходжент', 'Ленинабад']],
  ]),
  ...rows('TM', undefined, [
    ['Ashxobod', 'Ашхобод', 'Ашхабад', 'Ashgabat', 37.9601, 58.3261, ['Ashgabat', 'Ashkhabad', 'Aşgabat']],
    ['Turkmanobod', 'Туркманобод', 'Туркменабад', 'Türkmenabat', 39.0733, 63.5786, ['Turkmenabat', 'Chorjoʻy', 'Чарджоу']],
    ['Toshhovuz', 'Тошҳовуз', 'Дашогуз', 'Daşoguz', 41.8363, 59.9666, ['Dashoguz', 'Ташауз']],
    ['Turkmanboshi', 'Туркманбоши', 'Туркменбаши', 'Türkmenbaşy', 40.0222, 52.9552, ['Turkmenbashi', 'Красноводск']],
    ['Mari', 'Мари', 'Мары', 'Mary', 37.6, 61.8333],
  ]),
];

const FURTHER: Place[] = [
  ...rows('RU', undefined, [
    ['Moskva', 'Москва', 'Москва', 'Moscow', 55.7558, 37.6173, ['Moscow']],
    [
      'Sankt-Peterburg',
      'Санкт-Петербург',
      'Санкт-Петербург',
      'Saint Petersburg',
      59.9343,
      30.3351,
      ['St Petersburg', 'Peterburg', 'Питер', 'СПб'],
    ],
    ['Qozon', 'Қозон', 'Казань', 'Kazan', 55.7963, 49.1088, ['Kazan']],
    ['Yekaterinburg', 'Екатеринбург', 'Екатеринбург', 'Yekaterinburg', 56.8389, 60.6057, ['Ekaterinburg']],
    ['Novosibirsk', 'Новосибирск', 'Новосибирск', 'Novosibirsk', 55.0084, 82.9357],
    ['Samara', 'Самара', 'Самара', 'Samara', 53.1959, 50.1002],
    ['Chelyabinsk', 'Челябинск', 'Челябинск', 'Chelyabinsk', 55.1644, 61.4368],
    ['Omsk', 'Омск', 'Омск', 'Omsk', 54.9885, 73.3242],
    ['Orenburg', 'Оренбург', 'Оренбург', 'Orenburg', 51.7682, 55.0969],
    ['Astraxan', 'Астрахан', 'Астрахань', 'Astrakhan', 46.3497, 48.0408, ['Astrakhan']],
    ['Krasnodar', 'Краснодар', 'Краснодар', 'Krasnodar', 45.0355, 38.9753],
    ['Volgograd', 'Волгоград', 'Волгоград', 'Volgograd', 48.708, 44.5133],
    ['Saratov', 'Саратов', 'Саратов', 'Saratov', 51.5336, 46.0343],
    ['Ufa', 'Уфа', 'Уфа', 'Ufa', 54.7388, 55.9721],
  ]),
  ...rows('TR', undefined, [
    ['Istanbul', 'Истанбул', 'Стамбул', 'Istanbul', 41.0082, 28.9784, ['İstanbul', 'Истанбул']],
    ['Anqara', 'Анқара', 'Анкара', 'Ankara', 39.9334, 32.8597, ['Ankara']],
    ['Mersin', 'Мерсин', 'Мерсин', 'Mersin', 36.8121, 34.6415],
    ['Izmir', 'Измир', 'Измир', 'Izmir', 38.4237, 27.1428, ['İzmir']],
    ['Bursa', 'Бурса', 'Бурса', 'Bursa', 40.1885, 29.061],
  ]),
  ...rows('IR', undefined, [
    ['Tehron', 'Теҳрон', 'Тегеран', 'Tehran', 35.6892, 51.389, ['Tehran', 'Техрон']],
    ['Bandar-Abbos', 'Бандар-Аббос', 'Бендер-Аббас', 'Bandar Abbas', 27.1832, 56.2666, ['Bandar Abbas', 'Бандар-Аббас']],
    ['Mashhad', 'Машҳад', 'Мешхед', 'Mashhad', 36.2605, 59.6168, ['Mashad']],
  ]),
  ...rows('AF', undefined, [
    ['Mozori Sharif', 'Мозори Шариф', 'Мазари-Шариф', 'Mazar-i-Sharif', 36.709, 67.1109, ['Mazar-i-Sharif', 'Mazari Sharif', 'Mazar']],
    ['Kobul', 'Кобул', 'Кабул', 'Kabul', 34.5553, 69.2075, ['Kabul']],
    ['Hayraton', 'Ҳайратон', 'Хайратон', 'Hairatan', 36.4906, 67.8156, ['Hairatan', 'Hayratan']],
    ['Hirot', 'Ҳирот', 'Герат', 'Herat', 34.3482, 62.1997, ['Herat']],
  ]),
  ...rows('CN', undefined, [
    ['Urumchi', 'Урумчи', 'Урумчи', 'Ürümqi', 43.8256, 87.6168, ['Urumqi', 'Ürümqi']],
    ['Qashqar', 'Қашқар', 'Кашгар', 'Kashgar', 39.4704, 75.9898, ['Kashgar', 'Kashi']],
    ['Xorgos', 'Хоргос', 'Хоргос', 'Khorgos', 44.2142, 80.4128, ['Khorgos', 'Horgos', 'Korgas']],
  ]),
  ...rows('BY', undefined, [
    ['Minsk', 'Минск', 'Минск', 'Minsk', 53.9006, 27.559],
    ['Brest', 'Брест', 'Брест', 'Brest', 52.0976, 23.7341],
  ]),
  ...rows('PL', undefined, [
    ['Varshava', 'Варшава', 'Варшава', 'Warsaw', 52.2297, 21.0122, ['Warsaw', 'Warszawa']],
    ['Terespol', 'Тересполь', 'Тересполь', 'Terespol', 52.0757, 23.6169],
  ]),
  ...rows('LV', undefined, [['Riga', 'Рига', 'Рига', 'Riga', 56.9496, 24.1052]]),
  ...rows('LT', undefined, [['Klaypeda', 'Клайпеда', 'Клайпеда', 'Klaipėda', 55.7033, 21.1443, ['Klaipeda']]]),
];

/** Uzbekistan first: where two places share an alias, the earlier one is the likelier freight point. */
export const PLACES: readonly Place[] = [...UZBEKISTAN, ...NEIGHBOURS, ...FURTHER];

const BY_SLUG = new Map(PLACES.map((place) => [place.slug, place]));

export function placeBySlug(slug: string): Place | undefined {
  return BY_SLUG.get(slug);
}
