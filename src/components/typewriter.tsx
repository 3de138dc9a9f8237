import React, { useId, type CSSProperties } from 'react';
import * as styles from './typewriter.module.css';

/**
 * Short lines typed and erased in turn, by CSS alone: no script runs for it, so it moves before any has
 * loaded and costs the main thread nothing while it does (only transforms are animated, which the
 * compositor draws). Every line is in the HTML as a visually hidden list (crawlers, screen readers);
 * the animated copy is hidden from assistive technology. The first line shows whole from the first
 * paint, and with reduced motion it stays so.
 *
 * How it types without knowing where a line wraps: each line is written twice, each copy seen through
 * a window one row high, the first on the line's first row and the second on its second (a phone
 * wraps the longer lines). A window slides open in steps from the left, its copy sliding against it so
 * that the text itself stands still: the first row types, then the second, both hold, then erase in
 * turn. A reel one line high moves on to the next line once per line's turn.
 *
 * While it moves, a toggle pauses it (WCAG 2.2.2): a checkbox, so that it works without script too. A
 * paused typewriter shows its current line whole, and goes on from where it stopped when resumed.
 */
export function Typewriter({ lines, pauseLabel }: { lines: readonly string[]; pauseLabel: string }) {
  const toggleId = useId();
  const moving = lines.length > 1;
  const reel = { '--lines': lines.length } as CSSProperties;
  return (
    <div className={moving ? styles.typewriter : `${styles.typewriter} ${styles.still}`}>
      <ul className="visually-hidden">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {moving ? (
        <>
          <input type="checkbox" id={toggleId} className={styles.pauseToggle} />
          <label htmlFor={toggleId} className={styles.pause}>
            <span className="visually-hidden">{pauseLabel}</span>
          </label>
        </>
      ) : null}
      <div className={styles.window} aria-hidden="true">
        <div className={styles.reel} style={reel}>
          {lines.map((line) => (
            <div key={line} className={styles.line}>
              <span className={styles.row}>
                <span className={styles.text}>{line}</span>
              </span>
              <span className={`${styles.row} ${styles.secondRow}`}>
                <span className={styles.text}>{line}</span>
              </span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
