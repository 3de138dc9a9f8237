import React from 'react';
import type { TFunction } from 'i18next';
import { recordList } from '../i18n/locale-lists';
import type { FaqItem } from '../content/faq';
import { ChevronDownIcon } from './ui-icons';
import * as styles from './faq-accordion.module.css';

/** The FAQ under `faq.items` of a namespace, with `variables` interpolated: read by the page and its JSON-LD. */
export function readFaq(t: TFunction, ns: string, variables?: Record<string, string>): FaqItem[] {
  return recordList(t, `${ns}:faq.items`, { question: 'text', answer: 'text' }, variables);
}

/**
 * One answer open at a time, and the open one closes when its question is pressed again: a group of
 * native disclosures sharing a `name`, which the browser keeps to one open, with no script (Chromium
 * 120, Safari 17.2, Firefox 130 on; an older browser lets several stay open, each still collapsible).
 * Each question is a heading inside its summary, so the page's outline keeps it. Closed answers stay in
 * the HTML for crawlers and the page's find.
 */
export function FaqAccordion({
  group,
  items,
  initiallyOpen = 0,
}: {
  group: string;
  items: readonly FaqItem[];
  initiallyOpen?: number | null;
}) {
  return (
    <div className={styles.accordion}>
      {items.map((item, index) => (
        <details key={item.question} name={group} className={styles.item} open={index === initiallyOpen}>
          <summary className={styles.question}>
            <h3 className={styles.heading}>{item.question}</h3>
            <span className={styles.chevron}>
              <ChevronDownIcon size={24} />
            </span>
          </summary>
          <div className={styles.answer}>
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}

/** The accordion under its own h2, as a page section. */
export function FaqSection({ id, title, items }: { id: string; title: string; items: readonly FaqItem[] }) {
  return (
    <section className="container" aria-labelledby={id}>
      <div className={styles.section}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        <FaqAccordion group={`${id}-answers`} items={items} />
      </div>
    </section>
  );
}
