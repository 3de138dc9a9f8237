import type { GatsbySSR } from 'gatsby';
import { headLinks } from './src/build/head-links';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHeadComponents }) => {
  setHeadComponents(headLinks());
};
