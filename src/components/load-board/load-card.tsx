import React, { useMemo } from 'react';
import type { TFunction } from 'i18next';
import type { Load } from '../../api-client/types';
import { ROUTES, SCAM_HELP_ID, loadPath } from '../../config/routes';
import type { Language } from '../../config/languages';
import { canonicalUrl, localizedPath } from '../../i18n/paths';
import { type Age, formatNumber, formatPrice, formatShortDate, postedAge, routeLabel } from '../../loads/format';
import { siteUrl } from '../../config/env';
import { shareText } from '../../loads/share';
import { ShareLinks, type ShareTexts } from '../share-links';
import { Approximately } from '../approximately';
import { vehicleLabel } from '../../loads/vehicle-types';
import { distanceFormatter, type DistanceTexts } from '../../loads/route-distance';
import { isNewIn, positionOf, sameCardContent, type CardExtras } from '../../loads/card-content';
import { postedText } from './built-cards';
import type { PricePosition } from '../../loads/price-position';
import * as styles from './load-board.module.css';

/** Texts every card shows alike, looked up once per list rather than once per card. */
export interface CardTexts {
  unknownPlace: string;
  to: string;
  untitled: string;
  priceOnRequest: string;
  /** Said to screen readers for the "≈" of an estimated distance. */
  about: string;
  distance: (km: number | null, price: number | null, currency: string) => DistanceTexts | null;
  share: ShareTexts;
  rate: Record<PricePosition, string>;
  /** The link under a price well above the usual, to the help page's part on the two-sided scam. */
  scam: string;
  /** The mark of a load posted since a kept search was last opened. */
  fresh: string;
  /** The link to a card's way back. */
  wayBack: string;
  /** What a load on a trip's way adds to it ("+40 km"), and its words for a screen reader. */
  detour: { label: string; km: (km: number) => string };
}

export function cardTexts(t: TFunction): CardTexts {
  return {
    unknownPlace: t('card.unknownPlace'),
    to: t('card.to'),
    untitled: t('card.untitled'),
    priceOnRequest: t('card.priceOnRequest'),
    about: t('distance.about'),
    distance: distanceFormatter(t),
    share: { telegram: t('share.telegram'), native: t('share.native'), newTab: t('common:newTab') },
    rate: { below: t('card.rate.below'), within: t('card.rate.within'), above: t('card.rate.above'), wellAbove: t('card.rate.wellAbove') },
    scam: t('card.rate.scam'),
    fresh: t('card.new'),
    wayBack: t('card.wayBack'),
    detour: { label: t('card.detourLabel'), km: (km) => t('card.detour', { km: formatNumber(km) }) },
  };
}

interface Props extends CardExtras {
  load: Load;
  language: Language;
  /** The list's translate function (namespace `loads`) and shared texts: twenty cards, one lookup. */
  t: TFunction;
  texts: CardTexts;
  /** How long ago the load was posted, already worked out (so an unchanged card can skip rendering). */
  age: Age;
  /** By load id, the km a load on a trip's way adds to it (src/search/on-the-way.ts): shown first among its facts. */
  detours?: Readonly<Record<string, number>>;
  // placeName, routeKm and positions (CardExtras) are given by the list, not looked up here: the
  // gazetteer stays out of the browser's bundle (src/places/place-file.ts).
}

/**
 * Where the price sits against its class's usual range; a price well above it links the help page's
 * part on the two-sided scam, whose bait such a price is.
 */
function PriceLabel({ position, texts, language }: { position: PricePosition; texts: CardTexts; language: Language }) {
  return (
    <span className={styles.rate} data-price-position={position}>
      {texts.rate[position]}
      {position === 'wellAbove' ? (
        <>
          {' '}
          <a className={styles.scamLink} href={`${localizedPath(ROUTES.help, language)}#${SCAM_HELP_ID}`}>
            {texts.scam}
          </a>
        </>
      ) : null}
    </span>
  );
}

/**
 * A card's way back: the reversed route around both ends (CONTRACT.md, "Trips"), so a driver sees before he
 * goes whether a load can bring him home. Above the card link's hit area, as the share links are (.share).
 */
function WayBackLink({ href, text, to, back }: { href: string; text: string; to: string; back: [string, string] }) {
  return (
    <p className={styles.share}>
      <a href={href} data-way-back="">
        {text}
        <span className="visually-hidden">
          {' '}
          {back[0]} {to} {back[1]}
        </span>
      </a>
    </p>
  );
}

/** What a load on a trip's way adds to it, first among the card's facts. */
function DetourFact({ km, texts }: { km: number; texts: CardTexts['detour'] }) {
  return (
    <span data-detour="">
      <span className="visually-hidden">{texts.label} </span>
      {texts.km(km)}
    </span>
  );
}

/** One load in the list. Every value is rendered as text; React escapes it. */
function LoadCardView({ load, language, age, t, texts, placeName, routeKm, positions, newSince, detours, wayBack }: Props) {
  const position = positionOf({ positions }, load);
  const fresh = isNewIn({ newSince }, load);
  const unknown = texts.unknownPlace;
  const from = placeName(load.from) || unknown;
  const to = placeName(load.to) || unknown;
  const price = formatPrice(load.price, load.currency);
  const distance = texts.distance(routeKm(load.from, load.to), load.price, load.currency);
  const facts = [
    load.weight === null ? null : t('card.weight', { value: formatNumber(load.weight) }),
    load.volume === null ? null : t('card.volume', { value: formatNumber(load.volume) }),
    load.trucksNeeded === null ? null : t('card.trucks', { count: load.trucksNeeded }),
    vehicleLabel(load.vehicleType, language.code) || null,
  ].filter((fact): fact is string => Boolean(fact));
  const detour = detours && Object.prototype.hasOwnProperty.call(detours, load.id) ? detours[load.id] : undefined;
  const figures: React.ReactNode[] = distance ? [<Approximately text={distance.distance} about={texts.about} />, ...facts] : facts;
  if (detour !== undefined) figures.unshift(<DetourFact km={detour} texts={texts.detour} />);
  const loading = load.loadingDate ? t('card.loadingDate', { date: formatShortDate(load.loadingDate) }) : '';
  const posted = postedText(t, age);
  const backHref = wayBack?.(load) ?? null;
  return (
    <li className={styles.card}>
      {/* A plain link: a load page is a small static page that hands over to the app, while Gatsby's Link
          prefetches the page data of links in view (after an in-site navigation), twenty per board page
          over a driver's mobile data. */}
      <a className={styles.cardLink} href={localizedPath(loadPath(load.id), language)}>
        <span className={styles.route}>
          {fresh ? <span className={styles.newMark}>{texts.fresh}</span> : null}
          <span>{from}</span>
          <span aria-hidden="true" className={styles.arrow}>
            →
          </span>
          <span className="visually-hidden">{texts.to}</span>
          <span>{to}</span>
        </span>
        <span className={styles.title}>{load.title || texts.untitled}</span>
      </a>
      {figures.length > 0 ? (
        <ul className={styles.facts}>
          {figures.map((fact, index) => (
            <li key={index}>{fact}</li>
          ))}
        </ul>
      ) : null}
      <div className={styles.cardFooter}>
        <span className={styles.price}>
          {price || texts.priceOnRequest}
          {distance?.perKm ? (
            <span className={styles.perKm}>
              {' '}
              <Approximately text={distance.perKm} about={texts.about} />
            </span>
          ) : null}
        </span>
        {position ? <PriceLabel position={position} texts={texts} language={language} /> : null}
        <span className={styles.meta}>
          {loading}
          {loading && posted ? ' · ' : null}
          {/* Rewritten in place when the cards are the build's HTML and the clock has moved (refreshPostedAges). */}
          {posted ? <span data-posted={load.createdAt ?? ''}>{posted}</span> : null}
        </span>
      </div>
      {/* Beside the card's link, never inside it: one tab stop for the load, then its share controls. */}
      <ShareLinks
        className={styles.share}
        buttonClassName={styles.shareButton}
        url={canonicalUrl(siteUrl(), loadPath(load.id), language)}
        text={shareText(load, routeLabel(load, unknown, placeName), t, language.code)}
        subject={`${from} ${texts.to} ${to}`}
        texts={texts.share}
      />
      {backHref ? <WayBackLink href={backHref} text={texts.wayBack} to={texts.to} back={[to, from]} /> : null}
    </li>
  );
}

/**
 * The list is re-read from the API right after hydration and on every return to the tab, usually with
 * the same loads: cards whose load and age did not change are not rendered again.
 */
export const LoadCard = React.memo(
  LoadCardView,
  (previous, next) =>
    previous.language === next.language &&
    previous.t === next.t &&
    previous.texts === next.texts &&
    previous.age?.unit === next.age?.unit &&
    previous.age?.count === next.age?.count &&
    previous.detours === next.detours &&
    sameCardContent(previous.load, previous, next.load, next),
);

/** The cards of a list of loads, as the board and the city and route pages show them. */
export function LoadCardList({
  loads,
  now,
  ...shared
}: Omit<Props, 'load' | 'age'> & {
  loads: readonly Load[];
  /** What "posted … ago" counts from. */
  now: number;
}) {
  return (
    <ul className={styles.list}>
      {loads.map((load) => (
        <LoadCard key={load.id} load={load} age={postedAge(load.createdAt, now)} {...shared} />
      ))}
    </ul>
  );
}

/**
 * The cards of a list the board renders in the browser, with their texts looked up here: what
 * board-cards.ts loads as a chunk of its own.
 */
export function BoardCardList(props: Omit<Parameters<typeof LoadCardList>[0], 'texts'>) {
  const texts = useMemo(() => cardTexts(props.t), [props.t]);
  return <LoadCardList {...props} texts={texts} />;
}
