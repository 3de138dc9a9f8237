import React from 'react';
import { graphql } from 'gatsby';
import { REDIRECT_DELAY_MS } from '../config/constants';
import { ROUTES } from '../config/routes';
import { ContentPage } from '../components/content-page';
import { HandoffLinks } from '../components/handoff-links';
import { useClientValue } from '../components/use-client-value';
import { useDelayedRedirect } from '../components/use-delayed-redirect';
import { detectDevice, handoffTarget } from '../handoff/device';
import { contentPageHead } from '../head/define-head';
import * as styles from '../components/handoff-links.module.css';

/** Sends a visitor to their store 100 ms after mount; the links are there at once for manual use. */
export default function ApplinkPage() {
  const target = useClientValue<string | null>(
    () =>
      handoffTarget(
        detectDevice({
          userAgent: navigator.userAgent,
          platform: navigator.platform,
          maxTouchPoints: navigator.maxTouchPoints,
        }),
      ),
    null,
  );
  useDelayedRedirect(target, REDIRECT_DELAY_MS);
  return (
    <ContentPage ns="applink">
      <section className={`container ${styles.section}`}>
        <HandoffLinks />
      </section>
    </ContentPage>
  );
}

export const Head = contentPageHead({ ns: 'applink', path: ROUTES.applink, kind: 'handoff' });

export const query = graphql`
  query ApplinkPage($language: String!) {
    locales: allLocale(
      filter: { language: { eq: $language }, ns: { in: ["common", "applink", "handoff"] } }
      sort: [{ ns: ASC }, { language: ASC }]
    ) {
      ...LocaleEdges
    }
  }
`;
