/**
 * The id of the board's "list of loads" heading (load-board.tsx), where focus goes when what was above
 * the list goes away (the last kept search removed). Apart, so the extras' chunk names it without the board.
 */
export const RESULTS_HEADING_ID = 'board-results';
