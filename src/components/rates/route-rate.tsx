import React from 'react';
import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import { RATE_MIN_LOADS, RATE_MIN_POSTERS, RATE_WINDOW_DAYS } from '../../config/constants';
import { ROUTES } from '../../config/routes';
import { localizedPath } from '../../i18n/paths';
import { formatReaderDate } from '../../loads/reader-date';
import { vehicleLabel } from '../../loads/vehicle-types';
import type { RateFigureData, RouteRateData } from '../../rates/page-data';
import type { Spread } from '../../rates/going-rate';
import { RateChartView } from './rate-chart';
import { formatRate, formatRatePrice } from './rate-format';

// Dates in the reader's language ("27-avgust", "27 авг."), as posts and feeds write them.
const day = (time: number, language: Language) => formatReaderDate(new Date(time).toISOString(), language.code);

/** "1 500 000 UZS", or per km "5 200 UZS/km". */
export function rateValue(t: TFunction, value: number, currency: string, perKm: boolean): string {
  const price = formatRatePrice(value, currency);
  return perKm ? t('places:rates.perKm', { price }) : price;
}

export function middleHalf(t: TFunction, spread: Spread, currency: string, perKm: boolean): string {
  return t('places:rates.range', { low: rateValue(t, spread.p25, currency, perKm), high: rateValue(t, spread.p75, currency, perKm) });
}

function Figure({ figure, t, language }: { figure: RateFigureData; t: TFunction; language: Language }) {
  const { currency } = figure;
  return (
    <div className="rate-figure">
      <dl className="rate-figures">
        <div>
          <dt>{t('places:rates.perTrip')}</dt>
          <dd>
            <strong>{rateValue(t, figure.trip.median, currency, false)}</strong>
            <span>{middleHalf(t, figure.trip, currency, false)}</span>
          </dd>
        </div>
        {figure.perKm ? (
          <div>
            <dt>{t('places:rates.perKmHeading')}</dt>
            <dd>
              <strong>{rateValue(t, figure.perKm.median, currency, true)}</strong>
              <span>{middleHalf(t, figure.perKm, currency, true)}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="rate-span">
        {t('places:rates.span', {
          count: figure.loads,
          first: day(figure.firstPosted, language),
          last: day(figure.lastPosted, language),
          posters: figure.posters,
        })}
      </p>
      {figure.byVehicle.length > 0 ? (
        // Scrolls on its own if a long amount still does not fit, never widening the page.
        <div className="rate-scroll">
          <table className="rate-table">
            <caption>{t('places:rates.byVehicle', { currency })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('places:rates.vehicleLoads')}</th>
                <th scope="col" className="rate-number">
                  {t('places:rates.perTrip')}
                </th>
                <th scope="col" className="rate-number">
                  {t('places:rates.middle')}
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
 * A route page's going asking price (docs/rates.md), above its list: per currency that has
 * one, the medians, the middle half, what it stands on, per vehicle type rows, and the chart; or how
 * many loads the route has while that is too few.
 */
export function RouteRateBlock({ rate, t, language }: { rate: RouteRateData; t: TFunction; language: Language }) {
  const others = rate.others.map((other) => t('places:rates.otherCurrency', { count: other.loads, currency: other.currency })).join(', ');
  return (
    <section className="rate-block" aria-labelledby="going-rate" data-going-rate={rate.figures.length > 0 ? 'shown' : 'not-enough'}>
      <h2 id="going-rate">{t('places:rates.heading')}</h2>
      {rate.figures.length > 0 ? (
        <>
          <p className="rate-note">{t('places:rates.asking', { days: RATE_WINDOW_DAYS })}</p>
          {rate.figures.map((figure) => (
            <Figure key={figure.currency} figure={figure} t={t} language={language} />
          ))}
          {rate.chart ? <RateChartView chart={rate.chart} t={t} language={language} id="rate-chart" /> : null}
        </>
      ) : (
        <p>{t('places:rates.notEnough', { count: rate.loads, days: RATE_WINDOW_DAYS, min: RATE_MIN_LOADS, posters: RATE_MIN_POSTERS })}</p>
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
        <a href={localizedPath(ROUTES.rates, language)}>{t('places:rates.allRoutes')}</a>
      </p>
    </section>
  );
}
