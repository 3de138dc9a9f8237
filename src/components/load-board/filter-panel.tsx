import React, {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import { queryKey, type BoardQuery } from '../../search/query';
import { FILTER_KEYS, NEAR_OPTIONS, parseTonnes, type FilterKey, type FilterValues } from '../../search/filter-table';
import type { FilterFacets } from '../../board/hooks/use-list-board';
import type { BoardList, FacetView } from '../../board/list-types';
import { afterNextPaint } from '../../board/hooks/after-paint';
import { boardFailure } from '../../board/failure';
import { dayNumber, dayText, tashkentToday } from '../../search/rows';
import { formatNumber } from '../../loads/format';
import { vehicleLabel } from '../../loads/vehicle-types';
import * as boardStyles from './load-board.module.css';
import * as styles from './filter-panel.module.css';

interface Props {
  language: Language;
  query: BoardQuery;
  vehicleTypes: readonly string[];
  facets: FilterFacets;
  onQuery: (query: BoardQuery) => void;
  onClose: () => void;
  /** How many loads the list on screen holds, when it is the one the query names (null while it loads). */
  found: FoundCount | null;
  /** A list asked for offline that did not open: the controls go back to the list on screen. */
  notOpened: BoardQuery | null;
}

export type FoundCount = Pick<BoardList, 'total' | 'totalBound'>;

/** What every filter's fieldset gets: its value, a way to change it, and the counts of its options. */
interface FieldProps<K extends FilterKey> {
  value: FilterValues[K];
  onValue: (value: FilterValues[K]) => void;
  counts: FacetView | null;
  t: TFunction;
  language: Language;
  vehicleTypes: readonly string[];
  /** Today in Tashkent when the panel opened: the panel lives minutes, not across midnight's choices. */
  today: number;
}

/** An option's words with its count ("Тент (40)"), or "not less than" while the loads posted since are not all read. */
function optionText(t: TFunction, counts: FacetView | null, name: string, count: number | null): string {
  return count === null ? name : t(counts && !counts.complete ? 'filters.optionAtLeast' : 'filters.option', { name, count });
}

/**
 * An option that would show nothing under the other choices (an exact 0) cannot be chosen, unless it is
 * chosen already (so that it can be let go).
 */
function offNone(counts: FacetView | null, count: number | null, chosen: boolean): boolean {
  return !chosen && count === 0 && counts !== null && counts.complete;
}

/** The close button's words: what closing shows ("Показать 12 грузов"), or plainly "close" while that list loads. */
function closeText(t: TFunction, found: FoundCount | null): string {
  if (!found) return t('filters.close');
  if (found.total === 0) return t('filters.showNone');
  const key =
    found.totalBound === 'atMost' ? 'filters.showAtMost' : found.totalBound === 'atLeast' ? 'filters.showAtLeast' : 'filters.show';
  return t(key, { count: found.total });
}

/** `value` as of the last render, for handlers that stay the same across renders (and so leave memoized parts be). */
function useLatest<T>(value: T): React.MutableRefObject<T> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}

/**
 * One vehicle type's checkbox. Memoized with props that stay the same unless its own tick or count
 * changes: a tap redraws the box it ticked, not the panel, before the frame that shows it.
 */
const VehicleOption = memo(function VehicleOption({
  name,
  checked,
  disabled,
  text,
  onToggle,
}: {
  name: string;
  checked: boolean;
  disabled: boolean;
  text: string;
  onToggle: (name: string, checked: boolean) => void;
}) {
  return (
    <label className={styles.choice}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onToggle(name, event.target.checked)} /> {text}
    </label>
  );
});

const VehicleField = memo(function VehicleField({ value, onValue, counts, t, language, vehicleTypes }: FieldProps<'vehicle'>) {
  const chosen = new Set(value.map((name) => name.toLowerCase()));
  const latestRef = useLatest(value);
  const onToggle = useCallback(
    (name: string, checked: boolean) => {
      const value = latestRef.current;
      onValue(checked ? [...value, name] : value.filter((other) => other.toLowerCase() !== name.toLowerCase()));
    },
    [latestRef, onValue],
  );
  // The option texts are worked out once per list of counts, not at each tick.
  const optionCounts = useMemo(
    () => vehicleTypes.map((name) => (counts ? (counts.vehicle.get(name.toLowerCase()) ?? 0) : null)),
    [vehicleTypes, counts],
  );
  const texts = useMemo(
    () => vehicleTypes.map((name, index) => optionText(t, counts, vehicleLabel(name, language.code), optionCounts[index] ?? null)),
    [vehicleTypes, t, counts, language.code, optionCounts],
  );
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('filters.vehicle')}</legend>
      <div className={styles.options}>
        {vehicleTypes.map((name, index) => (
          <VehicleOption
            key={name}
            name={name}
            checked={chosen.has(name.toLowerCase())}
            disabled={offNone(counts, optionCounts[index] ?? null, chosen.has(name.toLowerCase()))}
            text={texts[index] ?? name}
            onToggle={onToggle}
          />
        ))}
      </div>
    </fieldset>
  );
});

const tonnesShown = (value: number | null) => (value === null ? '' : formatNumber(value));

/** A weight field: applied when the visitor leaves it or presses Enter, not at every key; "20 t" is 20. */
function TonnesField({ label, value, onValue }: { label: string; value: number | null; onValue: (tonnes: number | null) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(tonnesShown(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // Back, Forward or a chip changed it: the field follows.
    setShown(value);
    setDraft(tonnesShown(value));
  }
  const apply = () => {
    const tonnes = draft.trim() ? parseTonnes(draft.replace(/\s(?=\d)/g, '')) : null;
    if (draft.trim() && tonnes === null) setDraft(tonnesShown(value));
    else if (tonnes !== value) onValue(tonnes);
  };
  return (
    <label className={styles.field} htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={styles.fieldInput}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={apply}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
    </label>
  );
}

const WeightField = memo(function WeightField({ value, onValue, t }: FieldProps<'weight'>) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('filters.weight')}</legend>
      <div className={styles.fieldRow}>
        <TonnesField label={t('filters.weightMin')} value={value.min} onValue={(min) => onValue(ordered({ ...value, min }))} />
        <TonnesField label={t('filters.weightMax')} value={value.max} onValue={(max) => onValue(ordered({ ...value, max }))} />
      </div>
    </fieldset>
  );
});

/** A range typed backwards is the same range: 30 to 10 tonnes is 10 to 30. */
function ordered<T extends { min: number | null; max: number | null }>(range: T): T {
  return range.min !== null && range.max !== null && range.min > range.max ? { ...range, min: range.max, max: range.min } : range;
}

/** A loading day: the browser's date picker, applied when a whole day is chosen or the field is cleared. */
function DayField({ label, value, onValue }: { label: string; value: string | null; onValue: (day: string | null) => void }) {
  const id = useId();
  return (
    <label className={styles.field} htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        type="date"
        className={styles.fieldInput}
        value={value ?? ''}
        onChange={(event) => {
          const day = event.target.value;
          if (!day) onValue(null);
          else if (/^\d{4}-\d{2}-\d{2}$/.test(day) && Number.isFinite(Date.parse(day))) onValue(day);
        }}
      />
    </label>
  );
}

function countIn(counts: FacetView | null, from: number, to: number): number | null {
  if (!counts) return null;
  let sum = 0;
  for (let day = from; day <= to; day += 1) sum += counts.loading.get(day) ?? 0;
  return sum;
}

const LoadingField = memo(function LoadingField({ value, onValue, counts, t, today }: FieldProps<'loading'>) {
  const choices = [
    { key: 'today', from: today, to: today },
    { key: 'tomorrow', from: today + 1, to: today + 1 },
    { key: 'next3', from: today, to: today + 2 },
  ] as const;
  const from = value.from ? dayNumber(value.from) : null;
  const to = value.to ? dayNumber(value.to) : null;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('filters.loading')}</legend>
      <div className={styles.options}>
        {choices.map((choice) => {
          const pressed = from === choice.from && to === choice.to;
          const count = countIn(counts, choice.from, choice.to);
          return (
            <button
              key={choice.key}
              type="button"
              className={styles.dayChoice}
              aria-pressed={pressed}
              disabled={offNone(counts, count, pressed)}
              onClick={() => onValue(pressed ? { from: null, to: null } : { from: dayText(choice.from), to: dayText(choice.to) })}
            >
              {optionText(t, counts, t(`filters.${choice.key}`), count)}
            </button>
          );
        })}
      </div>
      <div className={styles.fieldRow}>
        {/* A day past the other end starts the range again: that end is let go, not swapped. */}
        <DayField
          label={t('filters.loadingFrom')}
          value={value.from}
          onValue={(day) => onValue({ from: day, to: day && value.to && value.to < day ? null : value.to })}
        />
        <DayField
          label={t('filters.loadingTo')}
          value={value.to}
          onValue={(day) => onValue({ from: day && value.from && value.from > day ? null : value.from, to: day })}
        />
      </div>
    </fieldset>
  );
});

/** Offered only for a list with a place (the counts say so): the place alone, or every place within 25, 50 or 100 km. */
const NearField = memo(function NearField({ value, onValue, counts, t }: FieldProps<'near'>) {
  const name = useId();
  if (!counts || counts.near.size === 0) return null;
  const options = [null, ...NEAR_OPTIONS.filter((km) => counts.near.has(km))];
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('filters.near')}</legend>
      <div className={styles.options}>
        {options.map((km) => (
          <label key={km ?? 'place'} className={styles.choice}>
            <input
              type="radio"
              name={name}
              checked={value === km}
              disabled={km !== null && offNone(counts, counts.near.get(km) ?? 0, value === km)}
              onChange={() => onValue(km)}
            />{' '}
            {km === null
              ? t('filters.nearPlace')
              : optionText(t, counts, t('filters.nearKm', { km: formatNumber(km) }), counts.near.get(km) ?? 0)}
          </label>
        ))}
      </div>
    </fieldset>
  );
});

const SortField = memo(function SortField({ value, onValue, t }: FieldProps<'sort'>) {
  const name = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('filters.sort')}</legend>
      <div className={styles.options}>
        {(['newest', 'loading'] as const).map((sort) => (
          <label key={sort} className={styles.choice}>
            <input type="radio" name={name} checked={value === sort} onChange={() => onValue(sort)} />{' '}
            {t(sort === 'newest' ? 'filters.sortNewest' : 'filters.sortLoading')}
          </label>
        ))}
      </div>
    </fieldset>
  );
});

/**
 * A route's destination's own radius, which the board's To field sets: shown only once it is set, so a
 * route page's panel asks one radius for both ends (NearField) as before.
 */
const NearToField = memo(function NearToField({ value, onValue, t }: FieldProps<'nearTo'>) {
  const name = useId();
  if (value === null) return null;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('filters.nearTo')}</legend>
      <div className={styles.options}>
        {[null, 0, ...NEAR_OPTIONS].map((km) => (
          <label key={km ?? 'same'} className={styles.choice}>
            <input type="radio" name={name} checked={value === km} onChange={() => onValue(km)} />{' '}
            {km === null ? t('filters.nearToSame') : km === 0 ? t('filters.nearPlace') : t('filters.nearKm', { km: formatNumber(km) })}
          </label>
        ))}
      </div>
    </fieldset>
  );
});

/** Each filter's fieldset, keyed as the filter table (board/filter-table.ts) is; the panel shows them in its order. */
const FIELDS: { readonly [K in FilterKey]: React.ComponentType<FieldProps<K>> } = {
  vehicle: VehicleField,
  weight: WeightField,
  loading: LoadingField,
  near: NearField,
  sort: SortField,
  nearTo: NearToField,
};

/**
 * The counts of the list with the query on screen, asked again once per list, and on `retry` or when
 * the network comes back after they could not be had. `failed`: why not (offline: no network).
 */
function useFacetCounts(query: BoardQuery, facets: FilterFacets) {
  const [counts, setCounts] = useState<FacetView | null>(null);
  const [failed, setFailed] = useState<'offline' | 'other' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => startTransition(() => setAttempt((n) => n + 1)), []);
  const key = queryKey({ ...query, page: 1 });
  useEffect(() => {
    if (!failed) return undefined;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, retry]);
  useEffect(() => {
    const controller = new AbortController();
    // Counted after the frame that shows the change: the counts are read from lists already at hand, in
    // the tap's own event otherwise (after-paint.ts).
    const cancel = afterNextPaint(() =>
      facets(query, controller.signal).then(
        (view) => startTransition(() => (setCounts(view), setFailed(null))),
        (error: unknown) => {
          if (!controller.signal.aborted)
            startTransition(() => setFailed(boardFailure(error, '').kind === 'offline' ? 'offline' : 'other'));
        },
      ),
    );
    return () => {
      cancel();
      controller.abort();
    };
    // One count per list: the query object is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, facets, attempt]);
  return { counts, failed, retry };
}

/**
 * The filters (CONTRACT.md, "Filters"), each option with how many loads it would show under the other
 * choices. Every change goes into the URL at once (the board reads it from there), returns to page 1
 * and keeps focus where it was; the count is spoken by the board's status line.
 */
export default function FilterPanel({ language, query: current, vehicleTypes, facets, onQuery, onClose, found, notOpened }: Props) {
  const { t } = useTranslation('loads');
  // What the controls show: the URL's query, and a change at once, before the navigation it starts
  // has reached the URL (a checkbox must not flick back meanwhile).
  // Each list that did not open offline puts the controls back on the list on screen.
  const [rejected, setRejected] = useState({ notOpened, count: 0 });
  if (rejected.notOpened !== notOpened) setRejected({ notOpened, count: rejected.count + (notOpened ? 1 : 0) });
  const currentKey = `${queryKey(current)}#${rejected.count}`;
  const [query, setQuery] = useState(current);
  const [shownKey, setShownKey] = useState(currentKey);
  if (shownKey !== currentKey) {
    setShownKey(currentKey);
    setQuery(current);
  }
  const { counts, failed, retry } = useFacetCounts(query, facets);
  const [today] = useState(() => tashkentToday(Date.now()));
  // One setter per filter, the same at every render, so that a change redraws only its own field.
  const shownRef = useLatest(query);
  const sendRef = useLatest(onQuery);
  const onValues = useMemo(() => {
    const change = <K extends FilterKey>(key: K, value: FilterValues[K]) => {
      const changed = { ...shownRef.current, [key]: value, page: 1 };
      // A second change before the next render builds on the first.
      shownRef.current = changed;
      setQuery(changed);
      sendRef.current(changed);
    };
    return Object.fromEntries(FILTER_KEYS.map((key) => [key, (value: FilterValues[typeof key]) => change(key, value)])) as {
      [K in FilterKey]: (value: FilterValues[K]) => void;
    };
  }, [shownRef, sendRef]);
  return (
    <form className={styles.filterForm} aria-label={t('filters.panel')} onSubmit={(event) => event.preventDefault()}>
      {failed ? (
        <p role="alert">
          {t(failed === 'offline' ? 'filters.failedOffline' : 'filters.failed')}{' '}
          <button type="button" className={boardStyles.button} onClick={retry}>
            {t('states.retry')}
          </button>
        </p>
      ) : null}
      {FILTER_KEYS.map((key) => {
        const Field = FIELDS[key] as React.ComponentType<FieldProps<typeof key>>;
        const onValue = onValues[key] as (value: FilterValues[typeof key]) => void;
        return (
          <Field
            key={key}
            value={query[key]}
            onValue={onValue}
            counts={counts}
            t={t}
            language={language}
            vehicleTypes={vehicleTypes}
            today={today}
          />
        );
      })}
      {/* Kept in view at the panel's foot while it is scrolled: closing shows this many loads. */}
      <button type="button" className={`${boardStyles.button} ${styles.closePanel}`} onClick={onClose}>
        {closeText(t, found)}
      </button>
    </form>
  );
}
