import React, { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceFileEntry } from '../../board/sources/places-on-demand';
import type { TripForm, TripTarget } from '../../board/trip-search';
import { NEAR_OPTIONS } from '../../search/filter-table';
import { lazyPart } from '../lazy-part';
import { listboxId } from './place-field-ids';
import * as styles from './load-board.module.css';

// The suggestions' code comes with the field's first focus or key: the first paint needs none of it.
const Suggestions = lazyPart(() => import(/* webpackChunkName: "board-tap-places" */ './place-suggestions').then((part) => part.default));

const INPUT_ID = 'load-search';
/** The radii a From or To field offers, as the filter panel's `near` does; null is the place alone. */
const FIELD_RADII = [null, ...NEAR_OPTIONS] as const;

interface Props {
  value: string;
  onSearch: (search: string) => void;
  /** Reads the From and To fields (or a search naming a trip) and opens the page they name; null: a plain search. */
  trip: (form: TripForm) => Promise<TripTarget>;
  /** The places to suggest for what was typed (none: no suggestions). */
  suggest: (typed: string) => Promise<PlaceFileEntry[]>;
  /** Starts fetching what suggestions need, on the field's first focus. */
  warmSuggestions: () => void;
  inputRef: RefObject<HTMLInputElement>;
}

/** A new `value` (back, forward, clear) is written into the uncontrolled field. */
function useFieldFollows(value: string, inputRef: RefObject<HTMLInputElement>): void {
  const firstValue = useRef(true);
  useEffect(() => {
    // The first value is the build's (no search): the field may already hold what the visitor typed.
    if (firstValue.current) {
      firstValue.current = false;
      if (!value) return;
    }
    const input = inputRef.current;
    if (input && input.value.trim() !== value) input.value = value;
  }, [value, inputRef]);
}

interface PlaceFieldProps {
  id: string;
  /** The search field's name in the GET form; a trip field has none (it is read as `data-trip`). */
  name?: string;
  trip?: string;
  label: string;
  placeholder: string;
  inputRef: RefObject<HTMLInputElement>;
  suggest: Props['suggest'];
  warmSuggestions: () => void;
  /** A suggestion chosen: the search field searches it, a From or To field keeps it. */
  onChosen: (label: string) => void;
  /** The id of the line saying this field's text names no known place. */
  errorId?: string;
}

/** One place field: the WAI-ARIA APG editable combobox with list autocomplete over the place file's suggestions. */
function PlaceField({ id, name, trip, label, placeholder, inputRef, suggest, warmSuggestions, onChosen, errorId }: PlaceFieldProps) {
  const { t } = useTranslation('loads');
  const [awake, setAwake] = useState(false);
  const wake = () => {
    warmSuggestions();
    if (!awake) startTransition(() => setAwake(true));
  };
  return (
    <div className={styles.searchField}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        data-trip={trip}
        // Text, not search: HTML allows the combobox role on a text input only. The phone's keyboard
        // still shows its search key (enterKeyHint).
        type="text"
        inputMode="search"
        role="combobox"
        aria-autocomplete="list"
        // The suggestions' part sets it (and aria-activedescendant) once it is here.
        aria-expanded="false"
        aria-controls={listboxId(id)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={styles.searchInput}
        placeholder={placeholder}
        enterKeyHint="search"
        autoComplete="off"
        onFocus={wake}
        onKeyDown={wake}
        onInput={wake}
      />
      {awake ? (
        <Suggestions.Part inputId={id} inputRef={inputRef} suggest={suggest} onChosen={onChosen} />
      ) : (
        <ul id={listboxId(id)} role="listbox" aria-label={t('search.suggestions')} className={styles.listbox} hidden />
      )}
    </div>
  );
}

function RadiusSelect({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('loads');
  return (
    <select data-trip={name} aria-label={label} defaultValue="">
      {FIELD_RADII.map((km) => (
        <option key={km ?? 0} value={km ?? ''}>
          {/* Two or three digits: no grouping to format, and the number module stays out of the first script. */}
          {t('search.radiusKm', { km: km ?? 0 })}
        </option>
      ))}
    </select>
  );
}

const TRIP_ERROR_ID = 'load-trip-error';

/**
 * What the form holds when it is sent. The trip's controls have no names: the plain GET form a page
 * without script sends carries the search alone.
 */
function formOf(form: HTMLFormElement): TripForm {
  const text = (name: string) =>
    (form.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-trip="${name}"], [name="${name}"]`)?.value ?? '').trim();
  const km = (name: string) => (text(name) ? Number(text(name)) : null);
  return { search: text('search'), from: text('from'), to: text('to'), fromKm: km('fromKm'), toKm: km('toKm') };
}

/**
 * Free-text search (SPEC.md section 5: no validation) with place suggestions, and the trip's From and
 * To fields, each with its radius (CONTRACT.md, "Trips"): WAI-ARIA APG editable comboboxes with list
 * autocomplete. Still a plain GET form: it works before the script has loaded (the page reads
 * `?search=` once it has; the trip's row needs the script, and is hidden without it). The inputs are
 * one element each for the page's life (focus never falls to the body) and uncontrolled, so text typed
 * before hydration is kept; a new `value` (back, forward, clear) is written into the search field. The
 * listboxes overlay the content below, so opening one shifts nothing. A From or To text naming no place
 * the site knows stays as typed, under one line saying so, and focus goes back to it.
 */
export function SearchForm({ value, onSearch, trip, suggest, warmSuggestions, inputRef }: Props) {
  const { t } = useTranslation('loads');
  useFieldFollows(value, inputRef);
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const [unknown, setUnknown] = useState<{ field: 'from' | 'to'; text: string } | null>(null);
  const keep = () => undefined;
  const submit = (form: TripForm) => {
    setUnknown(null);
    // Clearing the search needs no place file.
    if (!form.search && !form.from && !form.to) return onSearch('');
    void trip(form).then((target) => {
      if (!target) onSearch(form.search);
      else if ('unknown' in target) {
        startTransition(() => setUnknown({ field: target.unknown, text: target.text }));
        (target.unknown === 'from' ? fromRef : toRef).current?.focus();
      }
    });
  };
  const shared = { suggest, warmSuggestions };
  return (
    <form
      className={styles.searchForm}
      role="search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        submit(formOf(event.currentTarget));
      }}
    >
      <div className={styles.search}>
        <PlaceField
          id={INPUT_ID}
          name="search"
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          inputRef={inputRef}
          onChosen={(label) => submit({ search: label, from: '', to: '', fromKm: null, toKm: null })}
          {...shared}
        />
        <button type="submit" className={styles.button}>
          {t('search.submit')}
        </button>
      </div>
      <fieldset className={styles.trip}>
        <legend className="visually-hidden">{t('search.trip')}</legend>
        {(['from', 'to'] as const).map((field) => (
          <div key={field}>
            <PlaceField
              id={`load-trip-${field}`}
              trip={field}
              label={t(`search.${field}`)}
              placeholder={t(`search.${field}`)}
              inputRef={field === 'from' ? fromRef : toRef}
              onChosen={keep}
              errorId={unknown && unknown.field === field ? TRIP_ERROR_ID : undefined}
              {...shared}
            />
            <RadiusSelect name={`${field}Km`} label={t(`search.${field}Radius`)} />
          </div>
        ))}
      </fieldset>
      {unknown ? <p id={TRIP_ERROR_ID}>{t('search.unknownPlace', { text: unknown.text })}</p> : null}
    </form>
  );
}
