import React, { startTransition, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceFileEntry } from '../../board/sources/places-on-demand';
import * as styles from './load-board.module.css';

const INPUT_ID = 'load-search';
const LISTBOX_ID = 'load-search-places';
const optionId = (index: number) => `${LISTBOX_ID}-${index}`;

interface Props {
  value: string;
  onSearch: (search: string) => void;
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
function useSuggestions(inputRef: RefObject<HTMLInputElement>, suggest: Props['suggest'], onSearch: Props['onSearch']) {
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
    onSearch(entry.label);
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
  options,
  active,
  expanded,
  onChoose,
}: {
  options: PlaceFileEntry[];
  active: number;
  expanded: boolean;
  onChoose: (entry: PlaceFileEntry) => void;
}) {
  const { t } = useTranslation('loads');
  return (
    <ul id={LISTBOX_ID} role="listbox" aria-label={t('search.suggestions')} className={styles.listbox} hidden={!expanded}>
      {options.map((entry, index) => (
        // The keyboard chooses options from the field (aria-activedescendant, the APG combobox):
        // an option never has focus, so a key handler on it would never run.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={entry.slug}
          id={optionId(index)}
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

/**
 * Free-text search (SPEC.md section 5: no validation) with place suggestions: the WAI-ARIA APG editable
 * combobox with list autocomplete. Still a plain GET form: it works before the script has loaded (the
 * page reads `?search=` once it has). The input is one element for the page's life (focus never falls
 * to the body) and uncontrolled, so text typed before hydration is kept; a new `value` (back, forward,
 * clear) is written into it. The listbox overlays the content below, so opening it shifts nothing.
 */
export function SearchForm({ value, onSearch, suggest, warmSuggestions, inputRef }: Props) {
  const { t } = useTranslation('loads');
  useFieldFollows(value, inputRef);
  const { options, expanded, active, close, showSuggestions, choose, onKeyDown } = useSuggestions(inputRef, suggest, onSearch);
  return (
    <form
      className={styles.search}
      role="search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        close();
        const text = new FormData(event.currentTarget).get('search');
        onSearch(typeof text === 'string' ? text.trim() : '');
      }}
    >
      <label htmlFor={INPUT_ID} className="visually-hidden">
        {t('search.label')}
      </label>
      <div className={styles.searchField}>
        <input
          ref={inputRef}
          id={INPUT_ID}
          name="search"
          // Text, not search: HTML allows the combobox role on a text input only. The phone's keyboard
          // still shows its search key (enterKeyHint).
          type="text"
          inputMode="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={LISTBOX_ID}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          className={styles.searchInput}
          placeholder={t('search.placeholder')}
          enterKeyHint="search"
          autoComplete="off"
          onFocus={warmSuggestions}
          onInput={showSuggestions}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <SuggestionList options={options} active={active} expanded={expanded} onChoose={choose} />
      </div>
      <button type="submit" className={styles.button}>
        {t('search.submit')}
      </button>
    </form>
  );
}
