import { site } from '../src/config/site';
import { authDeepLink, readToken } from '../src/handoff/deep-link';
import { detectDevice, handoffTarget } from '../src/handoff/device';
import { matchLoadFallback } from '../src/loads/fallback-route';
import { isCrawler } from '../src/handoff/crawler';

describe('device choice for /applink', () => {
  it.each([
    [
      'Samsung Galaxy A13, Chrome',
      'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Redmi 9A, Android Go',
      'Mozilla/5.0 (Linux; Android 11; M2006C3LG) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/108.0.0.0 Mobile Safari/537.36',
    ],
    ['Opera Mini on Android', 'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16'],
    [
      'Telegram in-app browser',
      'Mozilla/5.0 (Linux; Android 12; TECNO KG5p Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/117.0.0.0 Mobile Safari/537.36 Telegram-Android/10.2.0',
    ],
  ])('sends Android (%s) to Google Play', (_name, userAgent) => {
    expect(detectDevice({ userAgent })).toBe('android');
    expect(handoffTarget('android')).toBe(site.stores.googlePlay);
  });

  it.each([
    [
      'iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    ],
    [
      'iPad (mobile mode)',
      'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    ],
    [
      'iPod touch',
      'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.7 Mobile/15E148 Safari/604.1',
    ],
  ])('sends iOS (%s) to the App Store', (_name, userAgent) => {
    expect(detectDevice({ userAgent, platform: 'iPhone', maxTouchPoints: 5 })).toBe('ios');
    expect(handoffTarget('ios')).toBe(site.stores.appStore);
  });

  it('counts iPadOS asking for the desktop site (a Mac with a touch screen) as iOS', () => {
    const userAgent =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
    expect(detectDevice({ userAgent, platform: 'MacIntel', maxTouchPoints: 5 })).toBe('ios');
    expect(detectDevice({ userAgent, platform: 'MacIntel', maxTouchPoints: 0 })).toBe('other');
  });

  it.each([
    [
      'Windows Chrome',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      'Win32',
    ],
    ['Linux Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', 'Linux x86_64'],
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', ''],
    ['Yandex bot', 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', ''],
    ['TelegramBot preview', 'TelegramBot (like TwitterBot)', ''],
    ['empty', '', ''],
  ])('sends %s to the main website', (_name, userAgent, platform) => {
    expect(detectDevice({ userAgent, platform })).toBe('other');
    expect(handoffTarget('other')).toBe(site.mainWebsite);
  });
});

describe('the /auth deep link', () => {
  it('reads the token from the query, whatever its format', () => {
    expect(readToken('?token=abc.def-123')).toBe('abc.def-123');
    expect(readToken('?x=1')).toBeNull();
    expect(readToken('?token=')).toBeNull();
  });

  it('carries the token URL-encoded as the only parameter of the configured scheme', () => {
    expect(authDeepLink('abc 123')).toBe(`${site.appDeepLink}?token=abc+123`);
    for (const hostile of ['x&admin=1', 'x#frag', 'javascript:alert(1)', '"><script>alert(1)</script>', '?token=other', '\n\r\u0000']) {
      const url = new URL(authDeepLink(hostile));
      expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(site.appDeepLink);
      expect([...url.searchParams.keys()]).toEqual(['token']);
      expect(url.searchParams.get('token')).toBe(hostile);
      expect(url.hash).toBe('');
    }
  });
});

describe('the client-only load route', () => {
  it('recognises /load/{id} bare and under each prefix', () => {
    expect(matchLoadFallback('/load/77')).toMatchObject({ id: '77', routed: false, language: { code: 'uz' } });
    expect(matchLoadFallback('/uz-cyrl/load/77/')).toMatchObject({ id: '77', routed: true, language: { code: 'uz-Cyrl' } });
    expect(matchLoadFallback('/ru/load/a%20b')).toMatchObject({ id: 'a b' });
  });

  it('ignores other paths and keeps an undecodable id as missing', () => {
    expect(matchLoadFallback('/ru/loads')).toBeNull();
    expect(matchLoadFallback('/en/load/1')).toBeNull();
    expect(matchLoadFallback('/load/1/extra')).toBeNull();
    expect(matchLoadFallback('/load/%E0%A4%A')).toMatchObject({ id: null });
  });
});

describe('crawlers stay on load pages', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'TelegramBot (like TwitterBot)',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Chrome-Lighthouse',
  ])('recognises %s', (userAgent) => {
    expect(isCrawler(userAgent)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 12; TECNO KG5p Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/117.0.0.0 Mobile Safari/537.36 Telegram-Android/10.2.0',
  ])('hands people over: %s', (userAgent) => {
    expect(isCrawler(userAgent)).toBe(false);
  });
});
