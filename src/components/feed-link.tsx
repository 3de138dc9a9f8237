import React from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The feed's path (`/feeds/uz/loads.atom`). */
  href: string;
  className?: string;
}

/**
 * The page's Atom feed, offered in words: a reader or a Telegram RSS bot follows the list without an
 * account. Plain server HTML: a link needs no script.
 */
export function FeedLink({ href, className }: Props) {
  const { t } = useTranslation('loads');
  return (
    <p className={className}>
      {t('feed.follow')}{' '}
      <a href={href} type="application/atom+xml">
        {t('feed.link')}
      </a>
    </p>
  );
}
