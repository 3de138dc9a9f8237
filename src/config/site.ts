/**
 * Every external link, contact and brand value of the site, in one place (CONTRACT.md,
 * "Where things are configured"). Nothing else in the code writes a store URL or a phone number.
 */

export interface SiteConfig {
  brand: string;
  /** The marketing site of the product, where /applink sends desktop visitors. */
  mainWebsite: string;
  stores: {
    appStore: string;
    googlePlay: string;
  };
  crmLogin: string;
  bot: string;
  telegramChannel: string;
  /** Telegram's share sheet: `?url=…&text=…` opens it with the link ready to send, without any script. */
  telegramShare: string;
  /** Telegram's links to a chat: `{telegramLinks}/{bot}?start=…` opens a bot and sends it `/start …` on a tap. */
  telegramLinks: string;
  social: {
    telegram: string;
    instagram: string;
    youtube: string;
  };
  /** As dialled: `tel:` links use it as it is. */
  phone: string;
  /** As shown to people. */
  phoneDisplay: string;
  email: string;
  /** The deep link the app registers; /auth appends `?token=…`. */
  appDeepLink: string;
  copyrightYear: number;
  geo: {
    region: string;
    placename: string;
    position: { lat: number; lon: number };
  };
}

export const site: SiteConfig = {
  brand: 'YukBor',
  mainWebsite: 'https://yukbor.uz',
  stores: {
    appStore: 'https://apps.apple.com/uz/app/yukbor/id6479312045',
    googlePlay: 'https://play.google.com/store/apps/details?id=uz.yukbor.app',
  },
  crmLogin: 'https://crm.yukbor.uz/login',
  bot: 'https://t.me/yukbor_bot',
  telegramChannel: 'https://t.me/yukbor_uz',
  telegramShare: 'https://t.me/share/url',
  telegramLinks: 'https://t.me',
  social: {
    telegram: 'https://t.me/yukbor_uz',
    instagram: 'https://www.instagram.com/yukbor.uz',
    youtube: 'https://www.youtube.com/@yukbor',
  },
  phone: '+998622240707',
  phoneDisplay: '+998 62 224 07 07',
  email: 'info@yukbor.uz',
  appDeepLink: 'yukbor://auth',
  copyrightYear: 2024,
  geo: {
    region: 'UZ-XO',
    placename: 'Urganch',
    position: { lat: 41.5506, lon: 60.6317 },
  },
};
