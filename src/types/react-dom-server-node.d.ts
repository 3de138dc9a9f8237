// react-dom's Node build by its file name (src/gatsby/rate-html.tsx says why): the same API as react-dom/server.
declare module 'react-dom/server.node' {
  export { renderToStaticMarkup, renderToString } from 'react-dom/server';
}
