import React from 'react';
import type { TFunction } from 'i18next';
import type { RateChart } from '../../rates/chart';
import type { Language } from '../../config/languages';
import { formatReaderDate } from '../../loads/reader-date';
import { formatRate } from './rate-format';

const iso = (time: number) => new Date(time).toISOString();

/**
 * The route page's chart: markup the build laid out (src/rates/chart.ts), drawn in currentColor so it
 * follows the text's colour in dark and forced-colours modes, and told apart by shape (line and dots,
 * bars), not by colour. The SVG is hidden from assistive technology; the table under it, with the
 * same figures, is what a screen reader or a text browser reads.
 */
export function RateChartView({ chart, t, language, id }: { chart: RateChart; t: TFunction; language: Language; id: string }) {
  const day = (time: number) => formatReaderDate(iso(time), language.code);
  const unit = t(chart.measure === 'perKm' ? 'places:rates.chart.perKm' : 'places:rates.chart.perTrip', { currency: chart.currency });
  return (
    <figure className="rate-chart" aria-labelledby={`${id}-caption`}>
      <svg className="rate-svg" viewBox={`0 0 ${chart.width} ${chart.height}`} aria-hidden="true" focusable="false" data-rate-chart="">
        <g className="rate-axis">
          <line x1={chart.left} x2={chart.right} y1={chart.lineBottom} y2={chart.lineBottom} />
          <line x1={chart.left} x2={chart.right} y1={chart.barBottom} y2={chart.barBottom} />
          {chart.valueTicks.map((tick) => (
            <g key={`v${tick.value}`}>
              <line className="rate-grid" x1={chart.left} x2={chart.right} y1={tick.at} y2={tick.at} />
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
            // A label near the right edge ends there rather than being cut off by it.
            <text
              key={`w${tick.value}`}
              x={tick.at > chart.right - 24 ? chart.width - 1 : tick.at}
              y={chart.height - 4}
              textAnchor={tick.at > chart.right - 24 ? 'end' : 'middle'}
            >
              {day(tick.value)}
            </text>
          ))}
        </g>
        <g className="rate-bars">
          {chart.bars.map((bar, index) =>
            bar.loads > 0 ? <rect key={index} x={bar.x} y={bar.y} width={bar.width} height={bar.height} data-loads={bar.loads} /> : null,
          )}
        </g>
        <path className="rate-line" d={chart.path} />
        <g className="rate-dots">
          {chart.points.map((point) => (
            <circle key={point.x} cx={point.x} cy={point.y} r={3} data-value={point.value} />
          ))}
        </g>
      </svg>
      <div className="visually-hidden">
        <table className="rate-table">
          <caption className="visually-hidden">{t('places:rates.chart.caption', { unit, weeks: chart.weeks.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('places:rates.chart.week')}</th>
              <th scope="col" className="rate-number">
                {unit}
              </th>
              <th scope="col" className="rate-number">
                {t('places:rates.chart.loads')}
              </th>
            </tr>
          </thead>
          <tbody>
            {chart.weeks.map((week) => (
              <tr key={week.start}>
                <th scope="row">
                  <time dateTime={iso(week.start).slice(0, 10)}>{day(week.start)}</time>
                </th>
                <td className="rate-number" data-value={week.median ?? ''}>
                  {week.median === null ? '–' : formatRate(week.median)}
                </td>
                <td className="rate-number" data-loads={week.loads}>
                  {formatRate(week.loads)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption id={`${id}-caption`} className="rate-legend">
        {t('places:rates.chart.caption', { unit, weeks: chart.weeks.length })}
      </figcaption>
    </figure>
  );
}
