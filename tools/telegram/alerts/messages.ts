import type { TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../src/config/languages';
import { REBUILD_INTERVAL_MINUTES } from '../../../src/config/constants';
import { ROUTES } from '../../../src/config/routes';
import type { PublishedLoad } from '../../../src/feeds/published-board';
import { canonicalUrl } from '../../../src/i18n/paths';
import { formatNumber, formatPrice, routeLabel } from '../../../src/loads/format';
import { formatReaderDate } from '../../../src/loads/reader-date';
import { vehicleLabel } from '../../../src/loads/vehicle-types';
import { placeLabel } from '../../../src/places/names';
import { queryChips } from '../../../src/search/chips';
import { chipText } from '../../../src/search/chip-words';
import { escapeHtml, loadPageUrl } from '../post';
import { boardTranslator, telegramTranslator } from '../texts';
import { listDetourLimitKm, listQuery, listUrl } from './board-match';
import { type KeptList, placeName } from './kept-list';

/**
 * What the alerts bot says, as Bot API HTML (parse_mode HTML), in the search's language: its answers to
 * /start, /stop and /list, and the alerts themselves. Pure: texts in locales/{lang}/telegram.json
 * (`alerts`), lists named as the site's city and route pages name them, filters as the board's chips
 * say them, loads as the channel's posts and the site's cards write them.
 */

/** Loads an alert lists at most; the rest are behind the link to the list. */
export const MAX_ALERT_LOADS = 10;
/** Kept searches one chat may follow (as many as the phone keeps). */
export const MAX_CHAT_SEARCHES = 5;

type Button = { text: string; url: string } | { text: string; callback_data: string };

export interface OutMessage {
  text: string;
  buttons: Button[][];
}

/** The callback data of "stop this alert": our short id of the subscription, nothing about anyone. */
export function stopData(id: string): string {
  return `stop:${id}`;
}

export function stopIdOf(data: unknown): string | null {
  return typeof data === 'string' ? (/^stop:([0-9a-z]{1,12})$/.exec(data)?.[1] ?? null) : null;
}

/** The language of someone whose search we cannot read: their Telegram app's, else Uzbek Latin. */
export function readerLanguage(languageCode: unknown): Language {
  const code = typeof languageCode === 'string' ? languageCode.toLowerCase() : '';
  if (code.startsWith('ru')) return LANGUAGES.find((language) => language.prefix === 'ru') ?? DEFAULT_LANGUAGE;
  return DEFAULT_LANGUAGE;
}

/** The list in words: the site's name of the board, city or route, then its search and filters as chips. */
export function describeList(list: KeptList): string {
  const t = telegramTranslator(list.language);
  const { from, to } = list.scope;
  const name = (slug: string) => placeName(slug, list.language);
  const title =
    from !== undefined && to !== undefined
      ? t('places:route.title', { from: name(from), to: name(to) })
      : from !== undefined
        ? t('places:from.title', { place: name(from) })
        : to !== undefined
          ? t('places:to.title', { place: name(to) })
          : t('alerts.board');
  const chips = queryChips(listQuery(list), true).map((chip) => chipText(chip, boardTranslator(list.language), list.language));
  return [title, ...chips].join(', ');
}

/** What /start with a good token answers: the list, what will come and how often (a trip's loads on the way too), and how to stop. */
export function startedMessage(list: KeptList, id: string): OutMessage {
  const t = telegramTranslator(list.language);
  // A kept route is a trip: its loads on the way come too.
  const limitKm = listDetourLimitKm(list);
  const lines = [
    `<b>${escapeHtml(t('alerts.started'))}</b>\n${escapeHtml(describeList(list))}`,
    escapeHtml(t('alerts.what', { minutes: REBUILD_INTERVAL_MINUTES, count: MAX_ALERT_LOADS })),
    ...(limitKm === null ? [] : [escapeHtml(t('alerts.onTheWayToo', { km: formatNumber(Math.round(limitKm)) }))]),
    ...(list.filters.loading.from || list.filters.loading.to ? [escapeHtml(t('alerts.relative'))] : []),
    escapeHtml(t('alerts.howToStop', { button: t('alerts.stopButton') })),
    escapeHtml(t('alerts.privacy')),
  ];
  return { text: lines.join('\n\n'), buttons: [[{ text: t('alerts.stopButton'), callback_data: stopData(id) }]] };
}

/** A short answer in one language: `key` of the `alerts` texts, with its values. */
export function noteMessage(language: Language, key: string, values: Record<string, unknown> = {}): OutMessage {
  const t = telegramTranslator(language);
  const link = t('loads:saved.alerts.link');
  return { text: escapeHtml(t(`alerts.${key}`, { link, ...values })), buttons: [] };
}

/** What /start without a token (or anything else) answers: what the bot does, where to begin. */
export function helpMessage(language: Language, siteUrl: string): OutMessage {
  const t = telegramTranslator(language);
  const url = canonicalUrl(siteUrl, ROUTES.loads, language);
  const text = [t('alerts.help', { link: t('loads:saved.alerts.link'), url }), t('alerts.commands')].map(escapeHtml).join('\n\n');
  return { text, buttons: [] };
}

/** /list: each search with its list's link, and a button to stop each. */
export function listMessage(lists: ReadonlyArray<{ id: string; list: KeptList }>, language: Language, siteUrl: string): OutMessage {
  const t = telegramTranslator(language);
  if (lists.length === 0) return noteMessage(language, 'nothing');
  const lines = lists.map(
    ({ list }, index) => `${index + 1}. <a href="${escapeHtml(listUrl(list, siteUrl))}">${escapeHtml(describeList(list))}</a>`,
  );
  return {
    text: [escapeHtml(t('alerts.listHeading')), ...lines, '', escapeHtml(t('alerts.commands'))].join('\n'),
    buttons: lists.map(({ id }, index) => [{ text: t('alerts.stopNumber', { number: index + 1 }), callback_data: stopData(id) }]),
  };
}

/** One load in three lines: the route, its facts as a card gives them, its page. */
/** A load in an alert: its route, a kept trip's detour when it is on the way, its facts and its page. */
function loadBlock(load: PublishedLoad, language: Language, siteUrl: string, t: TFunction, detourKm?: number): string {
  const route = routeLabel(load, t('loads:card.unknownPlace'), (text) => placeLabel(text, language.code).replace(/\s+/g, ' ').trim());
  const date = formatReaderDate(load.loadingDate, language.code);
  const price = formatPrice(load.price, load.currency);
  const facts = [
    load.vehicleType ? vehicleLabel(load.vehicleType, language.code).replace(/\s+/g, ' ').trim() : '',
    load.weight === null ? '' : t('loads:card.weight', { value: formatNumber(load.weight) }),
    price || t('loads:card.priceOnRequest'),
    date ? t('loads:card.loadingDate', { date }) : '',
  ].filter(Boolean);
  const along = detourKm === undefined ? [] : [escapeHtml(t('alerts.onTheWay', { km: formatNumber(detourKm) }))];
  const lines = [
    `<b>${escapeHtml(route)}</b>`,
    ...along,
    escapeHtml(facts.join(' · ')),
    escapeHtml(loadPageUrl(siteUrl, load.id, language)),
  ];
  return lines.join('\n');
}

/** Telegram's most for a message's text, as it counts it: after parsing the HTML, in UTF-16 units. */
export const MAX_MESSAGE_CHARS = 4096;

/** The length Telegram counts of our HTML: its tags are no text, its three entities one character each. */
export function visibleLength(html: string): number {
  return html.replace(/<[^>]*>/g, '').replace(/&(lt|gt|amp);/g, '&').length;
}

/**
 * The alert of one search: its new loads (the first MAX_ALERT_LOADS in the list's order, of `total`, and
 * those on a kept route's way marked with their detour, `detours` by id; and
 * fewer when their text would pass Telegram's MAX_MESSAGE_CHARS), how many more the list holds with its
 * link, and the buttons: the list, and "stop this alert". `loads` says how many it lists.
 */
export function alertMessage(
  list: KeptList,
  id: string,
  loads: readonly PublishedLoad[],
  total: number,
  siteUrl: string,
  detours: ReadonlyMap<string, number> = new Map(),
): OutMessage & { loads: number } {
  const { language } = list;
  const t = telegramTranslator(language);
  const url = listUrl(list, siteUrl);
  const heading = `<b>${escapeHtml(t('alerts.newLoads'))}</b>\n${escapeHtml(describeList(list))}`;
  const blocks = loads.slice(0, MAX_ALERT_LOADS).map((load) => loadBlock(load, language, siteUrl, t, detours.get(load.id)));
  const textOf = (shown: number): string => {
    const rest = Math.max(0, total - shown);
    const more = rest > 0 ? [`${escapeHtml(t('alerts.more', { count: rest }))}\n${escapeHtml(url)}`] : [];
    return [heading, ...blocks.slice(0, shown), ...more].join('\n\n');
  };
  // A load is never lost to the limit: those left out are counted in "N more", behind the list's link.
  let shown = blocks.length;
  while (shown > 0 && visibleLength(textOf(shown)) > MAX_MESSAGE_CHARS) shown -= 1;
  return {
    text: textOf(shown),
    buttons: [[{ text: t('alerts.openList'), url }], [{ text: t('alerts.stopButton'), callback_data: stopData(id) }]],
    loads: shown,
  };
}
