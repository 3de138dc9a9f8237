import React, { useId, useState } from 'react';
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
 * Disclosure buttons in headings: one answer open at a time, and the open one closes when its
 * question is pressed again. Closed answers carry `hidden`, so they stay in the HTML for crawlers.
 */
export function FaqAccordion({ items, initiallyOpen = 0 }: { items: readonly FaqItem[]; initiallyOpen?: number | null }) {
  const [open, setOpen] = useState<number | null>(initiallyOpen);
  const baseId = useId();
  return (
    <div className={styles.accordion}>
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-question-${index}`;
        const panelId = `${baseId}-answer-${index}`;
        return (
          <div key={item.question} className={styles.item}>
            <h3 className={styles.heading}>
              <button
                type="button"
                id={buttonId}
                className={styles.button}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{item.question}</span>
                <span className={styles.chevron}>
                  <ChevronDownIcon size={24} />
                </span>
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.panel} hidden={!expanded}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
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
        <FaqAccordion items={items} />
      </div>
    </section>
  );
}
