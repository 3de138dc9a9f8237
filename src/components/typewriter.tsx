import React, { useEffect, useRef, useState } from 'react';
import { useClientValue } from './use-client-value';
import * as styles from './typewriter.module.css';

/** Where the effect is: which line, how many of its characters show, and whether it is erasing. */
export interface TypewriterState {
  line: number;
  length: number;
  deleting: boolean;
}

export const TYPE_MS = 70;
export const DELETE_MS = 35;
export const HOLD_MS = 2200;

/** The state after one tick: type a character, hold a full line, erase a character, or move on. */
export function nextTypewriterState(state: TypewriterState, lines: readonly string[]): TypewriterState {
  const full = lines[state.line]?.length ?? 0;
  if (!state.deleting) {
    return state.length < full ? { ...state, length: state.length + 1 } : { ...state, deleting: true };
  }
  if (state.length > 0) return { ...state, length: state.length - 1 };
  return { line: (state.line + 1) % lines.length, length: 0, deleting: false };
}

/** How long to wait before the next tick from this state: a full line stays up to be read. */
export function typewriterDelay(state: TypewriterState, lines: readonly string[]): number {
  if (state.deleting) return DELETE_MS;
  return state.length >= (lines[state.line]?.length ?? 0) ? HOLD_MS : TYPE_MS;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Short lines typed and erased in turn. Every line is in the HTML as a visually hidden list (crawlers,
 * screen readers, no script); the animated copy is hidden from assistive technology. The server and
 * first render show the first line whole, and with reduced motion it stays that way. While it moves, a
 * toggle button pauses it (WCAG 2.2.2): a paused typewriter shows its current line whole.
 */
export function Typewriter({ lines, pauseLabel }: { lines: readonly string[]; pauseLabel: string }) {
  // Where the effect is and resumes after a pause: the timer chain reads and writes it, not React state.
  const position = useRef<TypewriterState>({ line: 0, length: lines[0]?.length ?? 0, deleting: false });
  // Each tick writes the animated copy's text itself: a React render and commit per character (every
  // 35-70 ms, for as long as the page is open) was most of a tick's cost on a cheap phone. React renders
  // the first line, as the server did, and leaves the text alone while that stays the same.
  const animated = useRef<HTMLSpanElement>(null);
  const [paused, setPaused] = useState(false);
  // Lines arrive as a fresh array on each render of the parent; the effect depends on their text.
  const text = lines.join('\n');
  // Known after mount only, so the server HTML (button hidden) and the first render agree.
  const canAnimate = useClientValue(() => lines.length > 1 && !prefersReducedMotion(), false);

  useEffect(() => {
    const current = text.split('\n');
    const show = (next: TypewriterState) => {
      position.current = next;
      const shown = (current[next.line] ?? '').slice(0, next.length);
      if (animated.current && animated.current.textContent !== shown) animated.current.textContent = shown;
    };
    if (!canAnimate) return undefined;
    if (paused) {
      const { line } = position.current;
      show({ line, length: current[line]?.length ?? 0, deleting: false });
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout>;
    const schedule = (from: TypewriterState) => {
      timer = setTimeout(
        () => {
          const next = nextTypewriterState(from, current);
          show(next);
          schedule(next);
        },
        typewriterDelay(from, current),
      );
    };
    schedule(position.current);
    return () => clearTimeout(timer);
  }, [text, canAnimate, paused]);

  return (
    <div className={styles.typewriter}>
      <ul className="visually-hidden">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <span ref={animated} className={styles.animated} aria-hidden="true">
        {lines[0] ?? ''}
      </span>
      {/* In the HTML from the start, hidden until script can move the text: hydration adds no element. */}
      {lines.length > 1 ? (
        <button
          type="button"
          className={styles.pause}
          hidden={!canAnimate}
          aria-pressed={paused}
          onClick={() => setPaused((value) => !value)}
        >
          <span className="visually-hidden">{pauseLabel}</span>
        </button>
      ) : null}
    </div>
  );
}
