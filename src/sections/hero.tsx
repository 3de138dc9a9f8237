import React from 'react';
import { useTranslation } from 'react-i18next';
import { type ImageData, ResponsiveImage } from '../components/responsive-image';
import { StoreButtons } from '../components/store-buttons';
import { Typewriter } from '../components/typewriter';
import { textList } from '../i18n/locale-lists';
import * as styles from './hero.module.css';

/** The page's one h1, the app buttons and the load board on a phone: the image is the largest paint. */
export function Hero({ image }: { image: ImageData | null }) {
  const { t } = useTranslation('home');
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.grid}`}>
        <div>
          <p className={styles.badge}>{t('hero.badge')}</p>
          <h1 id="hero-title" className={styles.title}>
            {t('title')}
          </h1>
          <p className={styles.lead}>{t('lead')}</p>
          <Typewriter lines={textList(t, 'hero.lines')} pauseLabel={t('hero.pause')} />
          <StoreButtons />
        </div>
        <div className={styles.phone}>
          <div className={styles.screen}>
            <ResponsiveImage image={image} alt={t('hero.imageAlt')} priority />
          </div>
        </div>
      </div>
    </section>
  );
}
