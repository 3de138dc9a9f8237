import { site } from '../config/site';

/** The token a visitor brought to /auth, or null when there is none (its format is not checked). */
export function readToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && token.length > 0 ? token : null;
}

/**
 * The in-app link carrying the token. The scheme and path come from the site config and the token is
 * URL-encoded as one query value, so no token can change the scheme or add parameters.
 */
export function authDeepLink(token: string): string {
  const url = new URL(site.appDeepLink);
  url.search = '';
  url.searchParams.set('token', token);
  return url.toString();
}
