/**
 * @jest-environment jsdom
 */
import { noteListAnswer, takeListAnswers } from '../src/api-client/answers-before-worker';

/** jsdom has no service workers: the page's container, with or without a worker in control. */
function serviceWorkerController(controller: object | null): void {
  Object.defineProperty(navigator, 'serviceWorker', { value: { controller }, configurable: true });
}

describe('the board answers a first visit read before the offline worker', () => {
  afterEach(() => takeListAnswers());

  it('are noted while no worker controls the page, and taken once, oldest first', () => {
    serviceWorkerController(null);
    noteListAnswer('https://api.example/api/loads?page=1&limit=20', '{"data":[]}', 1);
    noteListAnswer('https://api.example/api/loads?page=2&limit=20', '{"data":[]}', 2);
    expect(takeListAnswers().map((answer) => answer.at)).toEqual([1, 2]);
    expect(takeListAnswers()).toEqual([]);
  });

  it('keep only the last five: a first visit reads one, a few if the visitor pages before the worker is there', () => {
    serviceWorkerController(null);
    for (let at = 1; at <= 8; at += 1) noteListAnswer(`https://api.example/api/loads?page=${at}`, '{}', at);
    expect(takeListAnswers().map((answer) => answer.at)).toEqual([4, 5, 6, 7, 8]);
  });

  it('are not noted once a worker controls the page: it keeps what passes through it', () => {
    serviceWorkerController({});
    noteListAnswer('https://api.example/api/loads?page=1&limit=20', '{}', 1);
    expect(takeListAnswers()).toEqual([]);
  });
});
