/**
 * Runs `run` once the browser has drawn the next frame: a tap's own answer (a ticked box, a pressed
 * button) is on screen before the work it starts. A navigation resolved inside a tap's event would
 * otherwise be rendered by React at the tap's priority, synchronously, with the whole list, before the
 * frame that shows the tick (Interaction to Next Paint; docs/performance.md). A hidden page draws no
 * frames, so there it runs in the next task. Returns a function that cancels it if it has not run.
 */
export function afterNextPaint(run: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    if (!cancelled) run();
  };
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') timer = setTimeout(later, 0);
  // A task queued from the frame's callback runs after that frame has been drawn.
  else requestAnimationFrame(() => (timer = setTimeout(later, 0)));
  return () => {
    cancelled = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
