import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../config/routes';
import { site } from '../config/site';
import { ContentPage } from '../components/content-page';
import { FaqSection, readFaq } from '../components/faq-accordion';
import { HelpContact } from '../components/help-contact';
import { HelpScam } from '../components/help-scam';
import { contentPageHead } from '../head/define-head';
import { faqPageJsonLd } from '../head/structured-data';

// The FAQ sends questions to the bot, not to the channel: a channel cannot receive messages.
const FAQ_VARIABLES = { phone: site.phoneDisplay, bot: site.bot.replace(/^https:\/\/t\.me\//, '@') };

export default function HelpPage() {
  const { t } = useTranslation('help');
  return (
    <ContentPage ns="help" hydration="at-first-touch">
      <FaqSection id="faq-title" title={t('faq.title')} items={readFaq(t, 'help', FAQ_VARIABLES)} />
      <HelpScam t={t} variables={FAQ_VARIABLES} />
      <HelpContact />
    </ContentPage>
  );
}

export const Head = contentPageHead({
  ns: 'help',
  path: ROUTES.help,
  jsonLd: ({ t }) => faqPageJsonLd(readFaq(t, 'help', FAQ_VARIABLES)),
});

export const query = graphql`
  query HelpPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "help"] } }, sort: [{ ns: ASC }, { language: ASC }]) {
      ...LocaleEdges
    }
  }
`;
