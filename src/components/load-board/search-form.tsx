import React, { startTransition, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceFileEntry } from '../../board/sources/places-on-demand';
import type { TripForm, TripTarget } from '../../board/trip-search';
import { NEAR_OPTIONS } from '../../search/filter-table';
import { formatNumber } from '../../loads/format';
import * as styles from './load-board.module.css';

const INPUT_ID = 'load-search';
const listboxId = (inputId: string) => `${inputId}-places`;
const optionId = (inputId: string, index: number) => `${listboxId(inputId)}-${index}`;
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

/** The combobox's list: the places suggested for what was typed, the active one, and the keys that move through them. */
function useSuggestions(inputRef: RefObject<HTMLInputElement>, suggest: Props['suggest'], onChosen: (label: string) => void) {
  const [options, setOptions] = useState<PlaceFileEntry[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const showSuggestions = () => {
    const typed = inputRef.current?.value ?? '';
    // The module and the place file are fetched once per page view, however often this asks.
    void suggest(typed).then((found) => {
      if (inputRef.current?.value !== typed) return;
      // Lands after a fetch, possibly before this part has hydrated: see use-load-board.ts.
      startTransition(() => {
        setOptions(found);
        setOpen(found.length > 0 && document.activeElement === inputRef.current);
        setActive(-1);
      });
    });
  };
  const choose = (entry: PlaceFileEntry) => {
    if (inputRef.current) inputRef.current.value = entry.label;
    close();
    onChosen(entry.label);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    const key = event.key;
    if ((key === 'ArrowDown' || key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      setOpen(true);
      if (key === 'ArrowUp') setActive((index) => (index <= 0 ? count - 1 : index - 1));
      else if (!event.altKey) setActive((index) => (open ? (index + 1) % count : 0));
    } else if (key === 'Enter') {
      const entry = open ? options[active] : undefined;
      if (!entry) return;
      event.preventDefault();
      choose(entry);
    } else if (key === 'Escape') {
      if (open) {
        event.preventDefault();
        close();
      } else if (inputRef.current?.value) {
        inputRef.current.value = '';
        setOptions([]);
      }
    } else if (key === 'Tab') close();
  };
  return { options, expanded: open && options.length > 0, active, close, showSuggestions, choose, onKeyDown };
}

function SuggestionList({
  inputId,
  options,
  active,
  expanded,
  onChoose,
}: {
  inputId: string;
  options: PlaceFileEntry[];
  active: number;
  expanded: boolean;
  onChoose: (entry: PlaceFileEntry) => void;
}) {
  const { t } = useTranslation('loads');
  return (
    <ul id={listboxId(inputId)} role="listbox" aria-label={t('search.suggestions')} className={styles.listbox} hidden={!expanded}>
      {options.map((entry, index) => (
        // The keyboard chooses options from the field (aria-activedescendant, the APG combobox):
        // an option never has focus, so a key handler on it would never run.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={entry.slug}
          id={optionId(inputId, index)}
          role="option"
          aria-selected={index === active}
          className={styles.option}
          // Keeps focus in the field: the option is chosen on click, and blur would close the list first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(entry)}
        >
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

interface PlaceFieldProps {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  inputRef: RefObject<HTMLInputElement>;
  suggest: Props['suggest'];
  warmSuggestions: () => void;
  /** A suggestion chosen: the search field searches it, a From or To field keeps it. */
  onChosen: (label: string) => void;
  /** The id of the line saying this field's text names no known place. */
  errorId?: string;
  className?: string;
}

/** One place field: the WAI-ARIA APG editable combobox with list autocomplete over the place file's suggestions. */
function PlaceField({ id, name, label, placeholder, inputRef, suggest, warmSuggestions, onChosen, errorId, className }: PlaceFieldProps) {
  const { options, expanded, active, close, showSuggestions, choose, onKeyDown } = useSuggestions(inputRef, suggest, onChosen);
  return (
    <div className={className ?? styles.searchField}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        // Text, not search: HTML allows the combobox role on a text input only. The phone's keyboard
        // still shows its search key (enterKeyHint).
        type="text"
        inputMode="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId(id)}
        aria-activedescendant={expanded && active >= 0 ? optionId(id, active) : undefined}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={styles.searchInput}
        placeholder={placeholder}
        enterKeyHint="search"
        autoComplete="off"
        onFocus={warmSuggestions}
        onInput={showSuggestions}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <SuggestionList inputId={id} options={options} active={active} expanded={expanded} onChoose={choose} />
    </div>
  );
}

function RadiusSelect({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('loads');
  return (
    <select name={name} aria-label={label} className={styles.radius} defaultValue="">
      {FIELD_RADII.map((km) => (
        <option key={km ?? 0} value={km ?? ''}>
          {t('search.radiusKm', { km: formatNumber(km ?? 0) })}
        </option>
      ))}
    </select>
  );
}

const TRIP_ERROR_ID = 'load-trip-error';

/** What the form holds when it is sent. */
function formOf(form: HTMLFormElement): TripForm {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
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
          <div key={field} className={styles.tripEnd}>
            <PlaceField
              id={`load-trip-${field}`}
              name={field}
              label={t(`search.${field}`)}
              placeholder={t(`search.${field}`)}
              inputRef={field === 'from' ? fromRef : toRef}
              onChosen={keep}
              errorId={unknown && unknown.field === field ? TRIP_ERROR_ID : undefined}
              className={styles.tripField}
              {...shared}
            />
            <RadiusSelect name={`${field}Km`} label={t(`search.${field}Radius`)} />
          </div>
        ))}
      </fieldset>
      {unknown ? (
        <p id={TRIP_ERROR_ID} className={styles.tripError}>
          {t('search.unknownPlace', { text: unknown.text })}
        </p>
      ) : null}
    </form>
  );
}
