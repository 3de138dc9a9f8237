/**
 * @jest-environment jsdom
 */
import {
  handListAnswersTo,
  noWorkerControls,
  noteListAnswer,
  takeListAnswers,
  type ListAnswer,
} from '../src/api-client/answers-before-worker';

/** jsdom has no service workers: the page's container, with or without a worker in control. */
function serviceWorkerController(controller: object | null): void {
  Object.defineProperty(navigator, 'serviceWorker', { value: { controller }, configurable: true });
}

describe('the board answers a first visit read before the offline worker', () => {
  afterEach(() => takeListAnswers());

  it('are noted and taken once, oldest first', () => {
    noteListAnswer('https://api.example/api/loads?page=1&limit=20', '{"data":[]}', 1);
    noteListAnswer('https://api.example/api/loads?page=2&limit=20', '{"data":[]}', 2);
    expect(takeListAnswers().map((answer) => answer.at)).toEqual([1, 2]);
    expect(takeListAnswers()).toEqual([]);
  });

  it('keep only the last five: a first visit reads one, a few if the visitor pages before the worker is there', () => {
    for (let at = 1; at <= 8; at += 1) noteListAnswer(`https://api.example/api/loads?page=${at}`, '{}', at);
    expect(takeListAnswers().map((answer) => answer.at)).toEqual([4, 5, 6, 7, 8]);
  });

  it('are noted for requests sent while no worker controls the page, which the worker never sees', () => {
    serviceWorkerController(null);
    expect(noWorkerControls()).toBe(true);
    serviceWorkerController({});
    expect(noWorkerControls()).toBe(false);
  });

  it('go to the worker once it has taken the page over: those noted before, and each one after at once', () => {
    noteListAnswer('https://api.example/api/loads?page=1&limit=20', '{}', 1);
    const handed: ListAnswer[][] = [];
    handListAnswersTo((answers) => handed.push(answers));
    // A request sent before the takeover that comes back after it.
    noteListAnswer('https://api.example/api/loads?page=2&limit=20', '{}', 2);
    expect(handed.map((answers) => answers.map((answer) => answer.at))).toEqual([[1], [2]]);
    expect(takeListAnswers()).toEqual([]);
  });
});
