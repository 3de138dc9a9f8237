import path from 'node:path';
import type { GatsbyConfig } from 'gatsby';

// The floor's page with the i18n plugin of the owner's stack, set up as the plugin's README shows.
const config: GatsbyConfig = {
  plugins: [
    { resolve: 'gatsby-source-filesystem', options: { path: path.join(__dirname, 'locales'), name: 'locale' } },
    {
      resolve: 'gatsby-plugin-react-i18next',
      options: {
        localeJsonSourceName: 'locale',
        languages: ['uz', 'uz-cyrl', 'ru'],
        defaultLanguage: 'uz',
        siteUrl: 'http://localhost',
        redirect: false,
        i18nextOptions: { interpolation: { escapeValue: false } },
      },
    },
  ],
};

export default config;
