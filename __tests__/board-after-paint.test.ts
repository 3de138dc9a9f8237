/** @jest-environment jsdom */
import { afterNextPaint } from '../src/board/hooks/after-paint';

describe('work a tap starts, after the frame that draws the tap', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs after the next frame, not in the event that asked', () => {
    const run = jest.fn();
    afterNextPaint(run);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(16);
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not run once cancelled, before or after its frame', () => {
    const early = jest.fn();
    afterNextPaint(early)();
    const late = jest.fn();
    const cancelLate = afterNextPaint(late);
    jest.advanceTimersByTime(16);
    cancelLate();
    jest.advanceTimersByTime(100);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });

  it('runs in the next task on a hidden page, which draws no frames', () => {
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const run = jest.fn();
    afterNextPaint(run);
    jest.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    visibility.mockRestore();
  });
});
