import type { LocalizedPageContext } from '../i18n/plugin';
import type { LoadMeta } from './meta';

/** What a pre-built load page receives from the build: its metadata and its one visible line. */
export interface LoadPageContext extends LocalizedPageContext {
  loadId: string;
  meta: LoadMeta;
  loading: string;
}
