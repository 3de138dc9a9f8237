import React from 'react';
import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import { RATE_MIN_LOADS, RATE_MIN_POSTERS, RATE_OUTLIER_FACTOR, RATE_WINDOW_DAYS } from '../../config/constants';
import { ROUTES } from '../../config/routes';
import { localizedPath } from '../../i18n/paths';
import { formatReaderDate } from '../../loads/reader-date';
import { vehicleLabel } from '../../loads/vehicle-types';
import type { ClassRateData, RateFigureData, RouteRateData } from '../../rates/page-data';
import { isRated } from '../../rates/rated';
import type { WeightClass } from '../../rates/weight-class';
import { LIGHT_MAX_TONNES } from '../../loads/load-class';
import { formatNumber } from '../../loads/format';
import type { Spread } from '../../rates/going-rate';
import type { RateWindow } from '../../rates/window';
import { Approximately } from '../approximately';
import { RateChartView } from './rate-chart';
import { formatRate, formatRatePrice, perKmMiddleHalf, rateTexts, tripMiddleHalf, type RateTexts } from './rate-format';

/** "28 авг." … "25 нояб.": the window's first and last day in the reader's language (Tashkent days). */
export function windowDays(window: RateWindow, language: Language): { first: string; last: string } {
  const day = (time: number) => formatReaderDate(new Date(time).toISOString(), language.code);
  return { first: day(window.start), last: day(window.end) };
}

/** A per-km median, "≈ 5 200 UZS/km", heard as an estimate. */
export function PerKmValue({ texts, value, currency }: { texts: RateTexts; value: number; currency: string }) {
  return <Approximately text={texts.perKm(value, currency)} about={texts.about} />;
}

/** "Oʻrtadagi yarmi: ≈ 4 800 UZS/km – 5 600 UZS/km". */
export function PerKmMiddleHalf({ texts, spread, currency }: { texts: RateTexts; spread: Spread; currency: string }) {
  const { before, rest } = perKmMiddleHalf(texts, spread, currency);
  return (
    <>
      {before}
      <Approximately text={rest} about={texts.about} />
    </>
  );
}

function Figure({ figure, texts, language }: { figure: RateFigureData; texts: RateTexts; language: Language }) {
  const { t, label } = texts;
  const { currency } = figure;
  return (
    <div className="rate-figure">
      <dl className="rate-figures">
        <div>
          <dt>{label('places:rates.perTrip')}</dt>
          <dd>
            <strong>{formatRatePrice(figure.trip.median, currency)}</strong>
            <span>{tripMiddleHalf(texts, figure.trip, currency)}</span>
          </dd>
        </div>
        {figure.perKm ? (
          <div>
            <dt>{label('places:rates.perKmHeading')}</dt>
            <dd>
              <strong>
                <PerKmValue texts={texts} value={figure.perKm.median} currency={currency} />
              </strong>
              <span>
                <PerKmMiddleHalf texts={texts} spread={figure.perKm} currency={currency} />
              </span>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="rate-span">
        {t('places:rates.span', { count: figure.loads, posters: figure.posters })}{' '}
        {t('places:rates.outliers', { outliers: figure.outliers, factor: RATE_OUTLIER_FACTOR })}
      </p>
      {figure.byVehicle.length > 0 ? (
        // Scrolls on its own if a long amount still does not fit, never widening the page.
        <div className="rate-scroll">
          <table className="rate-table">
            <caption>{t('places:rates.byVehicle', { currency })}</caption>
            <thead>
              <tr>
                <th scope="col">{label('places:rates.vehicleLoads')}</th>
                <th scope="col" className="rate-number">
                  {label('places:rates.perTrip')}
                </th>
                <th scope="col" className="rate-number">
                  {label('places:rates.middle')}
                </th>
              </tr>
            </thead>
            <tbody>
              {figure.byVehicle.map((row) => (
                <tr key={row.vehicleType}>
                  <th scope="row">{`${vehicleLabel(row.vehicleType, language.code)} (${row.loads})`}</th>
                  {/* The currency is in the caption: bare amounts keep the table within a 320 px screen. */}
                  <td className="rate-number">{formatRate(row.trip.median)}</td>
                  <td className="rate-number">{`${formatRate(row.trip.p25)}\u00a0– ${formatRate(row.trip.p75)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/** "Лёгкие грузы (до 3,5 т)": a class's name, as its heading and the rates page's cards write it. */
export function classLabel(texts: RateTexts, weightClass: WeightClass): string {
  return texts.t(`places:rates.class.${weightClass}`, { max: formatNumber(LIGHT_MAX_TONNES) });
}

/** What too few loads of a class say: how many it has and how many it needs, and the prices rule 2 left out. */
function NotEnough({ one, texts }: { one: ClassRateData; texts: RateTexts }) {
  const { t } = texts;
  // Without a figure, the prices its rule 2 left out still count: they are why enough loads are too few.
  const outliers = one.others.reduce((sum, other) => sum + other.outliers, 0);
  return (
    <p>
      {t('places:rates.notEnough', { count: one.loads, days: RATE_WINDOW_DAYS, min: RATE_MIN_LOADS, posters: RATE_MIN_POSTERS })}
      {outliers > 0 ? ` ${t('places:rates.outliers', { outliers, factor: RATE_OUTLIER_FACTOR })}` : null}
    </p>
  );
}

/** A class's currencies without a figure and its loads without a price, in one note; null when it has neither. */
function ClassNotes({ one, texts }: { one: ClassRateData; texts: RateTexts }) {
  const { t } = texts;
  const others = one.others.map((other) => t('places:rates.otherCurrency', { count: other.loads, currency: other.currency })).join(', ');
  if (!others && one.unpriced === 0) return null;
  const notes = [
    others ? t('places:rates.others', { list: others }) : '',
    one.unpriced > 0 ? t('places:rates.unpriced', { count: one.unpriced }) : '',
  ];
  return <p className="rate-note">{notes.filter(Boolean).join(' ')}</p>;
}

/** One class of load on the route: its heading, then its figures and chart, or that it has too few loads. */
function ClassRate({ one, texts, language }: { one: ClassRateData; texts: RateTexts; language: Language }) {
  const shown = one.figures.length > 0;
  const id = `going-rate-${one.weightClass}`;
  return (
    <section
      className="rate-class"
      aria-labelledby={id}
      data-weight-class={one.weightClass}
      data-going-rate={shown ? 'shown' : 'not-enough'}
    >
      <h3 id={id}>{classLabel(texts, one.weightClass)}</h3>
      {shown ? (
        one.figures.map((figure) => <Figure key={figure.currency} figure={figure} texts={texts} language={language} />)
      ) : (
        <NotEnough one={one} texts={texts} />
      )}
      {shown && one.chart ? (
        <RateChartView chart={one.chart} texts={texts} language={language} id={`rate-chart-${one.weightClass}`} />
      ) : null}
      <ClassNotes one={one} texts={texts} />
    </section>
  );
}

/**
 * A route page's going asking price (docs/rates.md, "Going rates"), above its list: per class of load,
 * per currency that has one, the typical prices, the usual range, what it stands on (the window's days,
 * loads, posters, prices left out), per vehicle type rows, and the chart; or, for a class with too few
 * loads, how many it has.
 */
export function RouteRateBlock({ rate, t, language }: { rate: RouteRateData; t: TFunction; language: Language }) {
  const texts = rateTexts(t);
  const { label } = texts;
  const shown = isRated(rate);
  return (
    <section className="rate-block" aria-labelledby="going-rate" data-going-rate={shown ? 'shown' : 'not-enough'}>
      <h2 id="going-rate">{label('places:rates.heading')}</h2>
      {shown ? <p className="rate-note">{t('places:rates.asking', windowDays(rate.window, language))}</p> : null}
      {rate.classes.map((one) => (
        <ClassRate key={one.weightClass} one={one} texts={texts} language={language} />
      ))}
      {rate.unweighed > 0 ? <p className="rate-note">{t('places:rates.unweighed', { count: rate.unweighed })}</p> : null}
      {shown ? <p className="rate-note">{label('places:rates.voices')}</p> : null}
      <p className="rate-note">
        <a href={localizedPath(ROUTES.rates, language)}>{label('places:rates.allRoutes')}</a>
      </p>
    </section>
  );
}
