/**
 * Whether a failure means the API could not be reached at all (ApiUnreachableError in client.ts: a
 * network error or a timeout). Apart from the client, so a page that never calls the API carries none of it.
 * Duck-typed: the error may come from another realm.
 */
export function isUnreachable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { unreachable?: unknown }).unreachable === true;
}
