import React, { startTransition, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../config/languages';
import { tashkentDay } from '../../config/time';
import { queryKey, type BoardQuery } from '../../board/query';
import type { FacetView, FilterFacets } from '../../board/live-board';
import { dayNumber, dayText } from '../../board/filters';
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
}

/** A tonnage typed by the visitor (a decimal comma too); null for empty, undefined for not a number. */
function typedTonnes(text: string): number | null | undefined {
  const clean = text.trim().replace(',', '.');
  if (!clean) return null;
  const value = Number(clean);
  return /^\d+(\.\d+)?$/.test(clean) && value <= 1000 ? value : undefined;
}

const tonnesShown = (value: number | null) => (value === null ? '' : String(value));

/** A weight field: applied when the visitor leaves it or presses Enter, not at every key. */
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
    const tonnes = typedTonnes(draft);
    if (tonnes === undefined) setDraft(tonnesShown(value));
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

/** Days from today in Tashkent: the one-tap loading day choices. */
function dayChoices(now: number) {
  const today = dayNumber(tashkentDay(now) ?? new Date(now).toISOString().slice(0, 10));
  return [
    { key: 'today', from: today, to: today },
    { key: 'tomorrow', from: today + 1, to: today + 1 },
    { key: 'next3', from: today, to: today + 2 },
  ] as const;
}

function countIn(facets: FacetView | null, from: number, to: number): number | null {
  if (!facets) return null;
  let sum = 0;
  for (let day = from; day <= to; day += 1) sum += facets.days.get(day) ?? 0;
  return sum;
}

/**
 * The filters (CONTRACT.md, "Filters"), each option with how many loads it would show under the other
 * choices. Every change goes into the URL at once (the board reads it from there), returns to page 1
 * and keeps focus where it was; the count is spoken by the board's status line.
 */
export default function FilterPanel({ language, query: current, vehicleTypes, facets, onQuery, onClose }: Props) {
  const { t } = useTranslation('loads');
  // What the controls show: the URL's query, and a change at once, before the navigation it starts
  // has reached the URL (a checkbox must not flick back meanwhile).
  const currentKey = queryKey(current);
  const [query, setQuery] = useState(current);
  const [shownKey, setShownKey] = useState(currentKey);
  if (shownKey !== currentKey) {
    setShownKey(currentKey);
    setQuery(current);
  }
  const [counts, setCounts] = useState<FacetView | null>(null);
  const [failed, setFailed] = useState(false);
  const key = queryKey({ ...query, page: 1 });
  useEffect(() => {
    const controller = new AbortController();
    facets(query, controller.signal).then(
      (view) => startTransition(() => (setCounts(view), setFailed(false))),
      () => {
        if (!controller.signal.aborted) startTransition(() => setFailed(true));
      },
    );
    return () => controller.abort();
    // One count per list: the query object is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, facets]);
  const change = (next: Partial<BoardQuery>) => {
    const changed = { ...query, ...next, page: 1 };
    setQuery(changed);
    onQuery(changed);
  };
  const chosen = new Set(query.vehicles.map((name) => name.toLowerCase()));
  const option = (name: string, count: number | null) =>
    count === null ? name : t(counts && !counts.complete ? 'filters.optionAtLeast' : 'filters.option', { name, count });
  // Today in Tashkent when the panel opened: the panel lives minutes, not across midnight's choices.
  const [days] = useState(() => dayChoices(Date.now()));
  const from = query.loadingFrom ? dayNumber(query.loadingFrom) : null;
  const to = query.loadingTo ? dayNumber(query.loadingTo) : null;
  const sortName = useId();
  return (
    <form className={styles.filterForm} aria-label={t('filters.panel')} onSubmit={(event) => event.preventDefault()}>
      {failed ? <p role="alert">{t('filters.failed')}</p> : null}
      <fieldset className={styles.fieldset}>
        <legend>{t('filters.vehicle')}</legend>
        <div className={styles.options}>
          {vehicleTypes.map((name) => (
            <label key={name} className={styles.choice}>
              <input
                type="checkbox"
                checked={chosen.has(name.toLowerCase())}
                onChange={(event) =>
                  change({
                    vehicles: event.target.checked
                      ? [...query.vehicles, name]
                      : query.vehicles.filter((other) => other.toLowerCase() !== name.toLowerCase()),
                  })
                }
              />{' '}
              {option(vehicleLabel(name, language.code), counts ? (counts.vehicles.get(name.toLowerCase()) ?? 0) : null)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('filters.weight')}</legend>
        <div className={styles.fieldRow}>
          <TonnesField label={t('filters.weightMin')} value={query.weightMin} onValue={(weightMin) => change({ weightMin })} />
          <TonnesField label={t('filters.weightMax')} value={query.weightMax} onValue={(weightMax) => change({ weightMax })} />
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('filters.loading')}</legend>
        <div className={styles.options}>
          {days.map((choice) => {
            const pressed = from === choice.from && to === choice.to;
            return (
              <button
                key={choice.key}
                type="button"
                className={styles.dayChoice}
                aria-pressed={pressed}
                onClick={() =>
                  change(
                    pressed ? { loadingFrom: null, loadingTo: null } : { loadingFrom: dayText(choice.from), loadingTo: dayText(choice.to) },
                  )
                }
              >
                {option(t(`filters.${choice.key}`), countIn(counts, choice.from, choice.to))}
              </button>
            );
          })}
        </div>
        <div className={styles.fieldRow}>
          <DayField label={t('filters.loadingFrom')} value={query.loadingFrom} onValue={(loadingFrom) => change({ loadingFrom })} />
          <DayField label={t('filters.loadingTo')} value={query.loadingTo} onValue={(loadingTo) => change({ loadingTo })} />
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('filters.sort')}</legend>
        <div className={styles.options}>
          {(['newest', 'loading'] as const).map((sort) => (
            <label key={sort} className={styles.choice}>
              <input type="radio" name={sortName} checked={query.sort === sort} onChange={() => change({ sort })} />{' '}
              {t(sort === 'newest' ? 'filters.sortNewest' : 'filters.sortLoading')}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="button" className={boardStyles.button} onClick={onClose}>
        {t('filters.close')}
      </button>
    </form>
  );
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
