import React from 'react';
import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import { RATE_MIN_LOADS, RATE_MIN_POSTERS, RATE_OUTLIER_FACTOR, RATE_WINDOW_DAYS } from '../../config/constants';
import { ROUTES } from '../../config/routes';
import { localizedPath } from '../../i18n/paths';
import { formatReaderDate } from '../../loads/reader-date';
import { vehicleLabel } from '../../loads/vehicle-types';
import type { RateFigureData, RouteRateData } from '../../rates/page-data';
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

/**
 * A route page's going asking price (docs/rates.md, "Going rates"), above its list: per currency that has
 * one, the medians, the middle half, what it stands on (the window's days, loads, posters, prices left
 * out), per vehicle type rows, and the chart; or how many loads the route has while that is too few.
 */
export function RouteRateBlock({ rate, t, language }: { rate: RouteRateData; t: TFunction; language: Language }) {
  const texts = rateTexts(t);
  const { label } = texts;
  // Without a figure, the prices its rule 2 left out still count: they are why enough loads are too few.
  const outliers = rate.others.reduce((sum, other) => sum + other.outliers, 0);
  const others = rate.others.map((other) => t('places:rates.otherCurrency', { count: other.loads, currency: other.currency })).join(', ');
  return (
    <section className="rate-block" aria-labelledby="going-rate" data-going-rate={rate.figures.length > 0 ? 'shown' : 'not-enough'}>
      <h2 id="going-rate">{label('places:rates.heading')}</h2>
      {rate.figures.length > 0 ? (
        <>
          <p className="rate-note">{t('places:rates.asking', windowDays(rate.window, language))}</p>
          {rate.figures.map((figure) => (
            <Figure key={figure.currency} figure={figure} texts={texts} language={language} />
          ))}
          {rate.chart ? <RateChartView chart={rate.chart} texts={texts} language={language} id="rate-chart" /> : null}
          <p className="rate-note">{label('places:rates.voices')}</p>
        </>
      ) : (
        <p>
          {t('places:rates.notEnough', { count: rate.loads, days: RATE_WINDOW_DAYS, min: RATE_MIN_LOADS, posters: RATE_MIN_POSTERS })}
          {outliers > 0 ? ` ${t('places:rates.outliers', { outliers, factor: RATE_OUTLIER_FACTOR })}` : null}
        </p>
      )}
      {others || rate.unpriced > 0 ? (
        <p className="rate-note">
          {[
            others ? t('places:rates.others', { list: others }) : '',
            rate.unpriced > 0 ? t('places:rates.unpriced', { count: rate.unpriced }) : '',
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
      ) : null}
      <p className="rate-note">
        <a href={localizedPath(ROUTES.rates, language)}>{label('places:rates.allRoutes')}</a>
      </p>
    </section>
  );
}
