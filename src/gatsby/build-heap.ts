import v8 from 'node:v8';

/**
 * How far V8 lets the build's heap grow past what was live at its last full collection. Left to itself
 * it lets a heap grow up to four times that while collecting is cheap next to allocating, and a build
 * allocates far more than it keeps (every page's context, data and HTML pass through as garbage): the
 * heap of the build's main process reached 1.5 GB while 0.4-0.6 GB of it was live (docs/build.md,
 * "Memory"). A fixed growth follows a larger board, where a fixed limit (`--max-old-space-size`) would
 * stop its build.
 */
export const HEAP_GROWING_PERCENT = 30;

/**
 * Set as gatsby-config loads, in the main process and in each worker Gatsby starts (they load it too).
 * Not through NODE_OPTIONS, which refuses this flag; V8 reads it at every full collection, so setting it
 * once the process runs takes effect from the next one.
 */
export function keepHeapNearLiveData(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
