import React from 'react';
import type { TFunction } from 'i18next';
import type { RateChart } from '../../rates/chart';
import { formatShortDate } from '../../loads/format';
import { formatRate } from './rate-format';
import * as styles from './rates.module.css';

const iso = (time: number) => new Date(time).toISOString();

/**
 * The route page's chart: markup the build laid out (src/rates/chart.ts), drawn in currentColor so it
 * follows the text's colour in dark and forced-colours modes, and told apart by shape (line and dots,
 * bars), not by colour. The SVG is hidden from assistive technology; the table under it, with the
 * same figures, is what a screen reader or a text browser reads.
 */
export function RateChartView({ chart, t, id }: { chart: RateChart; t: TFunction; id: string }) {
  const unit = t(chart.measure === 'perKm' ? 'places:rates.chart.perKm' : 'places:rates.chart.perTrip', { currency: chart.currency });
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-caption`}>
      <svg className={styles.svg} viewBox={`0 0 ${chart.width} ${chart.height}`} aria-hidden="true" focusable="false" data-rate-chart="">
        <g className={styles.axis}>
          <line x1={chart.left} x2={chart.right} y1={chart.lineBottom} y2={chart.lineBottom} />
          <line x1={chart.left} x2={chart.right} y1={chart.barBottom} y2={chart.barBottom} />
          {chart.valueTicks.map((tick) => (
            <g key={`v${tick.value}`}>
              <line className={styles.grid} x1={chart.left} x2={chart.right} y1={tick.at} y2={tick.at} />
              <text x={chart.left - 4} y={tick.at} dy="0.32em" textAnchor="end" data-value-tick={tick.value}>
                {formatRate(tick.value)}
              </text>
            </g>
          ))}
          {chart.countTicks.map((tick) => (
            <text key={`c${tick.value}`} x={chart.left - 4} y={tick.at} dy="0.32em" textAnchor="end" data-count-tick={tick.value}>
              {formatRate(tick.value)}
            </text>
          ))}
          {chart.weekTicks.map((tick) => (
            <text key={`w${tick.value}`} x={tick.at} y={chart.height - 4} textAnchor="middle">
              {formatShortDate(iso(tick.value))}
            </text>
          ))}
        </g>
        <g className={styles.bars}>
          {chart.bars.map((bar, index) =>
            bar.loads > 0 ? <rect key={index} x={bar.x} y={bar.y} width={bar.width} height={bar.height} data-loads={bar.loads} /> : null,
          )}
        </g>
        <path className={styles.line} d={chart.path} />
        <g className={styles.dots}>
          {chart.points.map((point) => (
            <circle key={point.x} cx={point.x} cy={point.y} r={3} data-value={point.value} />
          ))}
        </g>
      </svg>
      <figcaption id={`${id}-caption`} className={styles.legend}>
        {t('places:rates.chart.caption', { unit, weeks: chart.weeks.length })}
      </figcaption>
      <div className="visually-hidden">
        <table className={styles.table}>
          <caption className="visually-hidden">{t('places:rates.chart.caption', { unit, weeks: chart.weeks.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('places:rates.chart.week')}</th>
              <th scope="col" className={styles.number}>
                {unit}
              </th>
              <th scope="col" className={styles.number}>
                {t('places:rates.chart.loads')}
              </th>
            </tr>
          </thead>
          <tbody>
            {chart.weeks.map((week) => (
              <tr key={week.start}>
                <th scope="row">
                  <time dateTime={iso(week.start).slice(0, 10)}>{formatShortDate(iso(week.start))}</time>
                </th>
                <td className={styles.number} data-value={week.median ?? ''}>
                  {week.median === null ? '–' : formatRate(week.median)}
                </td>
                <td className={styles.number} data-loads={week.loads}>
                  {formatRate(week.loads)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
