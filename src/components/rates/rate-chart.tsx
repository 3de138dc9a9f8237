import React from 'react';
import type { Language } from '../../config/languages';
import type { ChartRow, RateChart } from '../../rates/chart';
import { formatReaderDate } from '../../loads/reader-date';
import { formatRate, type RateTexts } from './rate-format';

/** A Tashkent day (`2026-11-19`) in the reader's language, as `<time dateTime>` gives it. */
const dayLabel = (day: string, language: Language) => formatReaderDate(day, language.code);

/**
 * A value of the chart's measure as the table writes it. The table is read, never seen: a per-km amount
 * is the estimate's word and two significant figures ("примерно 23 000"), the "≈" would be hidden anyway.
 */
function valueText(chart: RateChart, texts: RateTexts, value: number): string {
  return chart.measure === 'perKm' ? texts.perKmAmount(value) : formatRate(value);
}

function estimate(chart: RateChart, texts: RateTexts, text: string): string {
  return chart.measure === 'perKm' ? `${texts.about} ${text}` : text;
}

/** The last cell of a row: the week's middle half, or each of its loads' prices ("14 000, 15 000"). */
function pricesText(chart: RateChart, texts: RateTexts, row: ChartRow): string {
  if (row.spread)
    return estimate(chart, texts, `${valueText(chart, texts, row.spread.p25)}\u00a0– ${valueText(chart, texts, row.spread.p75)}`);
  return row.values.length > 0 ? estimate(chart, texts, row.values.map((value) => valueText(chart, texts, value)).join(', ')) : '–';
}

/** A legend entry's mark, drawn as the chart draws it. */
function Swatch({ kind }: { kind: 'band' | 'median' | 'week' | 'load' | 'bar' }) {
  return (
    <svg className="rate-swatch" viewBox="0 0 24 12" width="24" height="12" aria-hidden="true" focusable="false">
      {kind === 'band' ? <rect className="rate-band" x="0" y="1" width="24" height="10" /> : null}
      {kind === 'median' ? <line className="rate-median" x1="0" x2="24" y1="6" y2="6" /> : null}
      {kind === 'week' ? (
        <g className="rate-weeks">
          <line x1="12" x2="12" y1="1" y2="11" />
          <circle cx="12" cy="6" r="3" />
        </g>
      ) : null}
      {kind === 'load' ? (
        <g className="rate-points">
          <circle cx="12" cy="6" r="2.5" />
        </g>
      ) : null}
      {kind === 'bar' ? (
        <g className="rate-bars">
          <rect x="7" y="2" width="10" height="10" />
        </g>
      ) : null}
    </svg>
  );
}

/** The drawing: hidden from assistive technology, which reads the table twin instead. */
function ChartSvg({ chart, language }: { chart: RateChart; language: Language }) {
  const tickText = (value: number) => formatRate(value);
  return (
    <svg className="rate-svg" viewBox={`0 0 ${chart.width} ${chart.height}`} aria-hidden="true" focusable="false" data-rate-chart="">
      <rect
        className="rate-band"
        x={chart.left}
        y={chart.band.top}
        width={chart.right - chart.left}
        height={Math.max(0, Math.round((chart.band.bottom - chart.band.top) * 10) / 10)}
      />
      <g className="rate-axis">
        <line x1={chart.left} x2={chart.right} y1={chart.priceBottom} y2={chart.priceBottom} />
        <line x1={chart.left} x2={chart.right} y1={chart.barBottom} y2={chart.barBottom} />
        {chart.valueTicks.map((tick) => (
          <g key={`v${tick.value}`}>
            <line className="rate-grid" x1={chart.left} x2={chart.right} y1={tick.at} y2={tick.at} />
            <text x={chart.left - 4} y={tick.at} dy="0.32em" textAnchor="end" data-value-tick={tick.value}>
              {tickText(tick.value)}
            </text>
          </g>
        ))}
        {chart.countTicks.map((tick) => (
          <text key={`c${tick.value}`} x={chart.left - 4} y={tick.at} dy="0.32em" textAnchor="end" data-count-tick={tick.value}>
            {tickText(tick.value)}
          </text>
        ))}
        {chart.weekTicks.map((tick) => (
          // A label near the right edge ends there rather than being cut off by it.
          <text
            key={`w${tick.day}`}
            x={tick.at > chart.right - 24 ? chart.width - 1 : tick.at}
            y={chart.height - 4}
            textAnchor={tick.at > chart.right - 24 ? 'end' : 'middle'}
          >
            {dayLabel(tick.day, language)}
          </text>
        ))}
      </g>
      <line
        className="rate-median"
        x1={chart.left}
        x2={chart.right}
        y1={chart.band.median}
        y2={chart.band.median}
        data-median={chart.figure.median}
      />
      <g className="rate-bars">
        {chart.bars.map((bar, index) =>
          bar.loads > 0 ? <rect key={index} x={bar.x} y={bar.y} width={bar.width} height={bar.height} data-loads={bar.loads} /> : null,
        )}
      </g>
      <path className="rate-line" d={chart.path} />
      <g className="rate-weeks">
        {chart.weeks.map((week) => (
          <g key={week.x}>
            <line x1={week.x} x2={week.x} y1={week.high} y2={week.low} />
            <circle cx={week.x} cy={week.y} r={3} />
          </g>
        ))}
      </g>
      <g className="rate-points">
        {chart.points.map((point) => (
          <circle key={`${point.x} ${point.y}`} cx={point.x} cy={point.y} r={2.5} data-loads={point.loads} />
        ))}
      </g>
    </svg>
  );
}

/** A legend entry per shape the chart draws. */
function ChartLegend({ chart, texts }: { chart: RateChart; texts: RateTexts }) {
  const { label } = texts;
  return (
    <ul className="rate-legend-marks">
      <li>
        <Swatch kind="band" /> {label('places:rates.chart.band')}
      </li>
      <li>
        <Swatch kind="median" /> {label('places:rates.chart.figureMedian')}
      </li>
      {chart.weeks.length > 0 ? (
        <li>
          <Swatch kind="week" /> {label('places:rates.chart.weekMedian')}
        </li>
      ) : null}
      {chart.points.length > 0 ? (
        <li>
          <Swatch kind="load" /> {label('places:rates.chart.load')}
        </li>
      ) : null}
      <li>
        <Swatch kind="bar" /> {label('places:rates.chart.bars')}
      </li>
    </ul>
  );
}

/** The chart's weeks as a table, for screen readers and text browsers: the same rows the drawing draws. */
function ChartTable({
  chart,
  texts,
  language,
  caption,
  unit,
}: {
  chart: RateChart;
  texts: RateTexts;
  language: Language;
  caption: string;
  unit: string;
}) {
  const { label } = texts;
  return (
    <div className="visually-hidden">
      <table className="rate-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{label('places:rates.chart.week')}</th>
            <th scope="col" className="rate-number">
              {label('places:rates.chart.loads')}
            </th>
            <th scope="col" className="rate-number">
              {`${label('places:rates.chart.median')}, ${unit}`}
            </th>
            <th scope="col" className="rate-number">
              {label('places:rates.chart.prices')}
            </th>
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row) => (
            <tr key={row.day}>
              <th scope="row">
                <time dateTime={row.day}>{dayLabel(row.day, language)}</time>
              </th>
              <td className="rate-number" data-loads={row.loads}>
                {formatRate(row.loads)}
              </td>
              <td className="rate-number">{row.spread ? estimate(chart, texts, valueText(chart, texts, row.spread.median)) : '–'}</td>
              <td className="rate-number">{pricesText(chart, texts, row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The route page's chart: markup the build laid out (src/rates/chart.ts), drawn in currentColor so it
 * follows the text's colour in dark and forced-colours modes, and told apart by shape (band, dashed
 * line, dots with whiskers on a line, rings, bars), not by colour; a legend names each shape. The SVG
 * is hidden from assistive technology; the table under it, from the same function, is what a screen
 * reader or a text browser reads.
 */
export function RateChartView({ chart, texts, language, id }: { chart: RateChart; texts: RateTexts; language: Language; id: string }) {
  const { t } = texts;
  const unit = t(chart.measure === 'perKm' ? 'places:rates.chart.perKm' : 'places:rates.chart.perTrip', { currency: chart.currency });
  const caption = t('places:rates.chart.caption', { unit, weeks: chart.rows.length });
  return (
    <figure className="rate-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="rate-legend">
        {caption}
      </figcaption>
      <ChartSvg chart={chart} language={language} />
      <ChartLegend chart={chart} texts={texts} />
      <ChartTable chart={chart} texts={texts} language={language} caption={caption} unit={unit} />
    </figure>
  );
}
