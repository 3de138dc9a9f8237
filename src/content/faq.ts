/** One question and its answer, as the help page shows them and its FAQPage JSON-LD lists them. */
export interface FaqItem {
  question: string;
  answer: string;
}
