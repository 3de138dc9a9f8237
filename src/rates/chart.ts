import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { DAY_MS, WEEK_MS, tashkentDay } from '../config/time';
import type { RateSeries, RateWeek, Spread } from './going-rate';

/**
 * A route page's chart and its table (docs/rates.md, "Going rates"), both from this one function so the two
 * cannot disagree. Laid out at build time with d3-scale and d3-shape, so the page gets plain SVG
 * markup and no chart script. It draws what there is, on a time axis of the last RATE_CHART_WEEKS weeks:
 * - the figure of the whole window: its middle half as a band, its median as a dashed line;
 * - a week whose loads alone make a figure: its median as a dot on a line, its middle half as a whisker;
 * - a week whose loads do not: each load as a ring at its posting day, so a thin route is not an empty panel;
 * - below, the loads of each week as bars.
 * Coordinates are in the viewBox's units; the SVG scales to its container's width, so a 320 px screen
 * draws it at its natural size.
 */

const CHART_WIDTH = 320;
const CHART_HEIGHT = 220;
const MARGIN = { top: 8, right: 8, bottom: 20, left: 52 };
/** The price panel's share of the plot's height; the bars get the rest less the gap. */
const PRICE_SHARE = 0.68;
const PANEL_GAP = 14;
const VALUE_TICKS = 4;
const COUNT_TICKS = 2;
/** A date under every fourth week: three labels fit 320 px at the site's font size, "21-noyabr" included. */
const WEEK_LABEL_EVERY = 4;
/** The bars' share of a week's width. */
const BAR_SHARE = 0.7;

/** Rounded to 0.1 viewBox units: enough for a sharp line, and short page data. */
const round = (value: number) => Math.round(value * 10) / 10;

/** A weekly median: its dot, and its middle half as a whisker from `low` to `high` (y). */
export interface ChartWeekMark {
  x: number;
  y: number;
  low: number;
  high: number;
}

/** One load (or several of one day and price) of a week without a median. */
export interface ChartPoint {
  x: number;
  y: number;
  loads: number;
}

export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  loads: number;
}

export interface ChartTick {
  /** y for value ticks, x for week ticks. */
  at: number;
  value: number;
}

/** A row of the chart's table: one week, as the drawing shows it. */
export interface ChartRow {
  /** The week's first day in Tashkent, `2026-11-19`: `<time dateTime>` and the label both read it. */
  day: string;
  loads: number;
  /** Where the week makes a figure; else null. */
  spread: Spread | null;
  /** Without a spread: its loads' values, ascending, each as many times as it was asked. */
  values: number[];
}

export interface RateChart {
  width: number;
  height: number;
  /** The plot's left and right edges, for the axis lines. */
  left: number;
  right: number;
  /** The price panel's bottom and the bar panel's top and bottom (y). */
  priceBottom: number;
  barTop: number;
  barBottom: number;
  /** The whole window's middle half (y of its top and bottom) and median (y). */
  band: { top: number; bottom: number; median: number };
  /** SVG path data through the weekly medians; a week without one breaks the line. */
  path: string;
  weeks: ChartWeekMark[];
  points: ChartPoint[];
  bars: ChartBar[];
  valueTicks: ChartTick[];
  countTicks: ChartTick[];
  /** Week starts (Tashkent days) labelled under the axis. */
  weekTicks: Array<{ at: number; day: string }>;
  /** What the values are: per km or per trip, and in which currency. */
  measure: RateSeries['measure'];
  currency: string;
  /** The figure the band and the dashed line draw. */
  figure: Spread;
  /** The table twin, oldest week first. */
  rows: ChartRow[];
}

function valuesOf(week: RateWeek): number[] {
  return week.points.flatMap((point) => Array.from({ length: point.loads }, () => point.value)).sort((a, b) => a - b);
}

/** The lowest and highest value the chart draws: the figure's band and median, each week's whisker and each load. */
function valueExtent({ weeks, figure }: RateSeries): [low: number, high: number] {
  // A loop, not Math.min(...): a thin week of one busy poster can hold thousands of points.
  let low = Math.min(figure.p25, figure.median);
  let high = Math.max(figure.p75, figure.median);
  const include = (value: number) => {
    low = Math.min(low, value);
    high = Math.max(high, value);
  };
  for (const week of weeks) {
    if (week.spread) {
      include(week.spread.p25);
      include(week.spread.p75);
    }
    for (const point of week.points) include(point.value);
  }
  return [low, high];
}

/** Each week's median mark where it makes one, and each load of the weeks that do not, in viewBox units. */
function marksOf(
  weeks: readonly RateWeek[],
  weekMiddle: (week: RateWeek) => number,
  x: (time: number) => number,
  y: (value: number) => number,
): { weekMarks: ChartWeekMark[]; points: ChartPoint[] } {
  const weekMarks: ChartWeekMark[] = [];
  const points: ChartPoint[] = [];
  for (const week of weeks) {
    if (week.spread) {
      weekMarks.push({ x: weekMiddle(week), y: y(week.spread.median), low: y(week.spread.p25), high: y(week.spread.p75) });
    }
    for (const point of week.points) points.push({ x: x(point.day + DAY_MS / 2), y: y(point.value), loads: point.loads });
  }
  return { weekMarks, points };
}

export function rateChart(series: RateSeries): RateChart {
  const { weeks, figure } = series;
  const left = MARGIN.left;
  const right = CHART_WIDTH - MARGIN.right;
  const top = MARGIN.top;
  const bottom = CHART_HEIGHT - MARGIN.bottom;
  const priceBottom = round(top + (bottom - top - PANEL_GAP) * PRICE_SHARE);
  const barTop = priceBottom + PANEL_GAP;
  const first = weeks[0]?.start ?? 0;
  const end = first + weeks.length * WEEK_MS;
  const time = scaleLinear().domain([first, end]).range([left, right]);
  const weekMiddle = (week: RateWeek) => round(time(week.start + WEEK_MS / 2));

  const [low, high] = valueExtent(series);
  // A flat series still gets a band to sit in, so its line is not drawn on the panel's edge.
  const pad = high > low ? (high - low) * 0.1 : Math.abs(high) * 0.1 || 1;
  const value = scaleLinear()
    .domain([Math.max(0, low - pad), high + pad])
    .nice(VALUE_TICKS)
    .range([priceBottom, top]);
  const count = scaleLinear()
    .domain([0, Math.max(1, ...weeks.map((week) => week.loads))])
    .nice(COUNT_TICKS)
    .range([bottom, barTop]);
  const y = (at: number) => round(value(at));

  const { weekMarks, points } = marksOf(weeks, weekMiddle, (at) => round(time(at)), y);
  const draw = line<RateWeek>()
    .defined((week) => week.spread !== null)
    .x(weekMiddle)
    .y((week) => y(week.spread?.median ?? 0));
  const barWidth = round(time(first + WEEK_MS * BAR_SHARE) - time(first));
  return {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    left,
    right,
    priceBottom,
    barTop,
    barBottom: bottom,
    band: { top: y(figure.p75), bottom: y(figure.p25), median: y(figure.median) },
    path: draw(weeks) ?? '',
    weeks: weekMarks,
    points,
    bars: weeks.map((week) => ({
      x: round(weekMiddle(week) - barWidth / 2),
      y: round(count(week.loads)),
      width: barWidth,
      height: round(bottom - count(week.loads)),
      loads: week.loads,
    })),
    valueTicks: value.ticks(VALUE_TICKS).map((tick) => ({ at: y(tick), value: tick })),
    countTicks: count
      .ticks(COUNT_TICKS)
      .filter(Number.isInteger)
      .map((tick) => ({ at: round(count(tick)), value: tick })),
    weekTicks: weeks
      .map((week) => ({ at: weekMiddle(week), day: tashkentDay(week.start) ?? '' }))
      .filter((_, index) => (weeks.length - 1 - index) % WEEK_LABEL_EVERY === 0),
    measure: series.measure,
    currency: series.currency,
    figure,
    rows: weeks.map((week) => ({ day: tashkentDay(week.start) ?? '', loads: week.loads, spread: week.spread, values: valuesOf(week) })),
  };
}
