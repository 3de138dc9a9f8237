import React, { startTransition, useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceFileEntry } from '../../board/sources/places-on-demand';
import { listboxId, optionId } from './place-field-ids';
import * as styles from './load-board.module.css';

/**
 * A place field's suggestions (the WAI-ARIA APG editable combobox with list autocomplete), fetched on the
 * field's first focus or key with the place file, never with the page's first script: the field's
 * input is the board's, and this part listens to it and sets its `aria-expanded` and
 * `aria-activedescendant` itself.
 */

interface Props {
  inputId: string;
  inputRef: RefObject<HTMLInputElement>;
  /** The places to suggest for what was typed (none: no suggestions). */
  suggest: (typed: string) => Promise<PlaceFileEntry[]>;
  /** A suggestion chosen: the search field searches it, a From or To field keeps it. */
  onChosen: (label: string) => void;
}

/** The combobox's list: the places suggested for what was typed, the active one, and the keys that move through them. */
function useSuggestions(inputRef: RefObject<HTMLInputElement>, suggest: Props['suggest'], onChosen: Props['onChosen']) {
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
  const onKeyDown = (event: KeyboardEvent) => {
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

/** The input's state as the combobox's attributes say it, and its keys, input and blur, listened to here. */
function useInputWired(inputRef: RefObject<HTMLInputElement>, inputId: string, wired: ReturnType<typeof useSuggestions>): void {
  const { expanded, active, showSuggestions, onKeyDown, close } = wired;
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.setAttribute('aria-expanded', String(expanded));
    if (expanded && active >= 0) input.setAttribute('aria-activedescendant', optionId(inputId, active));
    else input.removeAttribute('aria-activedescendant');
  }, [inputRef, inputId, expanded, active]);
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.addEventListener('input', showSuggestions);
    input.addEventListener('keydown', onKeyDown);
    input.addEventListener('blur', close);
    return () => {
      input.removeEventListener('input', showSuggestions);
      input.removeEventListener('keydown', onKeyDown);
      input.removeEventListener('blur', close);
    };
  });
  // What was typed before this part came is suggested for now.
  useEffect(() => {
    if (inputRef.current?.value && document.activeElement === inputRef.current) showSuggestions();
    // Once, when the part arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export default function PlaceSuggestions({ inputId, inputRef, suggest, onChosen }: Props) {
  const wired = useSuggestions(inputRef, suggest, onChosen);
  useInputWired(inputRef, inputId, wired);
  return (
    <SuggestionList inputId={inputId} options={wired.options} active={wired.active} expanded={wired.expanded} onChoose={wired.choose} />
  );
}
