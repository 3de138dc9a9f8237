import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { CurrencyRate, RateWeek } from './going-rate';

/**
 * The geometry of a route page's chart (README, "Going rates"), worked out at build time with d3-scale
 * and d3-shape so the page gets plain SVG markup and no chart script. Two panels on one week axis:
 * the weekly median asking price (a line with a dot per week) above, the weekly number of loads (bars)
 * below. Coordinates are in the viewBox's units; the SVG scales to its container's width, so a 320 px
 * screen draws it at its natural size.
 */

export const CHART_WIDTH = 320;
export const CHART_HEIGHT = 200;
const MARGIN = { top: 8, right: 8, bottom: 20, left: 52 };
/** The line panel's share of the plot's height; the bars get the rest less the gap. */
const LINE_SHARE = 0.6;
const PANEL_GAP = 14;
const VALUE_TICKS = 3;
const COUNT_TICKS = 2;
/** A date under every third week: four labels fit 320 px at the site's font size. */
const WEEK_LABEL_EVERY = 3;

/** Rounded to 0.1 viewBox units: enough for a sharp line, and short page data. */
const round = (value: number) => Math.round(value * 10) / 10;

export interface ChartPoint {
  x: number;
  y: number;
  value: number;
}

export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  loads: number;
}

export interface ChartTick {
  /** y for value ticks, x (the week's middle) for week ticks. */
  at: number;
  value: number;
}

export interface RateChart {
  width: number;
  height: number;
  /** The plot's left and right edges, for the axis lines. */
  left: number;
  right: number;
  /** The line panel's bottom and the bar panel's top and bottom (y). */
  lineBottom: number;
  barTop: number;
  barBottom: number;
  /** SVG path data of the weekly medians; weeks without loads break the line. */
  path: string;
  points: ChartPoint[];
  bars: ChartBar[];
  valueTicks: ChartTick[];
  countTicks: ChartTick[];
  /** Week starts (epoch ms) labelled under the axis. */
  weekTicks: ChartTick[];
  /** What the line shows: per km or per trip, and in which currency. */
  measure: CurrencyRate['weekly'];
  currency: string;
  /** The same weeks, for the table. */
  weeks: RateWeek[];
}

export function rateChart(figure: Pick<CurrencyRate, 'weeks' | 'weekly' | 'currency'>): RateChart {
  const { weeks } = figure;
  const left = MARGIN.left;
  const right = CHART_WIDTH - MARGIN.right;
  const top = MARGIN.top;
  const bottom = CHART_HEIGHT - MARGIN.bottom;
  const lineBottom = round(top + (bottom - top - PANEL_GAP) * LINE_SHARE);
  const barTop = lineBottom + PANEL_GAP;
  const x = scaleBand<number>()
    .domain(weeks.map((_, index) => index))
    .range([left, right])
    .paddingInner(0.25)
    .paddingOuter(0.1);
  const middle = (index: number) => round((x(index) ?? left) + x.bandwidth() / 2);
  const medians = weeks.map((week) => week.median).filter((value): value is number => value !== null);
  const low = Math.min(...medians);
  const high = Math.max(...medians);
  // A flat series still gets a band to sit in, so its line is not drawn on the panel's edge.
  const pad = high > low ? (high - low) * 0.1 : Math.abs(high) * 0.1 || 1;
  const value = scaleLinear()
    .domain(medians.length ? [Math.max(0, low - pad), high + pad] : [0, 1])
    .nice(VALUE_TICKS)
    .range([lineBottom, top]);
  const count = scaleLinear()
    .domain([0, Math.max(1, ...weeks.map((week) => week.loads))])
    .nice(COUNT_TICKS)
    .range([bottom, barTop]);
  const points: ChartPoint[] = [];
  weeks.forEach((week, index) => {
    if (week.median !== null) points.push({ x: middle(index), y: round(value(week.median)), value: week.median });
  });
  const draw = line<RateWeek>()
    .defined((week) => week.median !== null)
    .x((_, index) => middle(index))
    .y((week) => round(value(week.median ?? 0)));
  return {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    left,
    right,
    lineBottom,
    barTop,
    barBottom: bottom,
    path: draw(weeks) ?? '',
    points,
    bars: weeks.map((week, index) => ({
      x: round(x(index) ?? left),
      y: round(count(week.loads)),
      width: round(x.bandwidth()),
      height: round(bottom - count(week.loads)),
      loads: week.loads,
    })),
    valueTicks: value.ticks(VALUE_TICKS).map((tick) => ({ at: round(value(tick)), value: tick })),
    countTicks: count
      .ticks(COUNT_TICKS)
      .filter(Number.isInteger)
      .map((tick) => ({ at: round(count(tick)), value: tick })),
    weekTicks: weeks
      .map((week, index) => ({ at: middle(index), value: week.start }))
      .filter((_, index) => (weeks.length - 1 - index) % WEEK_LABEL_EVERY === 0),
    measure: figure.weekly,
    currency: figure.currency,
    weeks,
  };
}
