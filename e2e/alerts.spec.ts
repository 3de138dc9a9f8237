import { expect, test, type Page } from '@playwright/test';
import { normalizeLoad } from '../src/api-client/normalize';
import { decodeAlertToken } from '../src/search/alert-token';
import { NO_FILTERS } from '../src/search/filter-table';
import { tashkentDay } from '../src/config/time';
import { publishedBoard } from '../src/feeds/published-board';
import { generateLoads, VEHICLE_TYPES } from '../tools/sample-api/data';
import { alertsEnvFor, botFolder } from '../tools/harness/bot-folder';
import { startFakeBotApi } from '../tools/harness/fake-bot-api';
import { alertsConfigFromEnv } from '../tools/telegram/alerts/config';
import { runAlerts } from '../tools/telegram/alerts/run';
import { readAlertsState } from '../tools/telegram/alerts/state';
import { E2E_ALERTS_BOT } from './env';
import { resetApi } from './support';

// A kept search on the built board offers its Telegram alerts link (CONTRACT.md, "Telegram alerts"),
// with a token that `npm run telegram -- alerts` reads: the build named the bot (TELEGRAM_ALERTS_BOT,
// tools/scripts/e2e.ts).

test.afterEach(resetApi);

const TENT = VEHICLE_TYPES.find((type) => type.name === 'Tent');

/**
 * The token of the alerts links named `name` (`count` of them: on the board, the kept search on screen
 * offers it beside "Remove from saved" and in the list of kept searches): each the bot's t.me link, all one.
 */
async function tokenOf(page: Page, name: string | RegExp, count = 1): Promise<string> {
  const links = page.getByRole('link', { name });
  await expect(links).toHaveCount(count);
  const hrefs = await links.evaluateAll((found) => found.map((link) => link.getAttribute('href') ?? ''));
  for (const href of hrefs) expect(href).toMatch(new RegExp(`^https://t\\.me/${E2E_ALERTS_BOT}\\?start=[A-Za-z0-9_-]{1,64}$`));
  expect(new Set(hrefs).size).toBe(1);
  return new URL(hrefs[0] ?? '').searchParams.get('start') ?? '';
}

/**
 * A driver taps the link: `/start {token}` from `user`, read by one alerts run over a fake Bot API and the
 * sample board as the build publishes it. The run's report, the bot's first answer and the kept state.
 */
async function startedWith(token: string, user: { id: number; languageCode: string }) {
  const fake = await startFakeBotApi();
  const folder = botFolder('e2e-alerts');
  try {
    const dictionary = VEHICLE_TYPES.map((type) => ({ id: String(type.id), name: type.name }));
    folder.publish(publishedBoard(generateLoads(120).map(normalizeLoad), dictionary));
    fake.userSends({ id: user.id, firstName: 'Driver', languageCode: user.languageCode }, `/start ${token}`);
    const config = alertsConfigFromEnv(alertsEnvFor(folder, fake));
    const report = await runAlerts(config, { log: () => {} });
    return { report, answer: fake.chatMessages(user.id)[0]?.text ?? '', state: readAlertsState(folder.alertsStateFile) };
  } finally {
    await fake.close();
    folder.remove();
  }
}

test('a kept search on the board offers its Telegram alerts, with a token the alerts run accepts', async ({ page }) => {
  await page.goto('/ru/loads?search=%D0%A2%D0%B0%D1%88%D0%BA%D0%B5%D0%BD%D1%82&vehicle=Tent');
  await page.getByRole('button', { name: 'Сохранить поиск' }).click();
  await expect(page.getByRole('button', { name: 'Удалить из сохранённых' })).toBeVisible();
  const kept = page.getByRole('region', { name: 'Сохранённые поиски' });
  // The kept searches are folded to one line; opened, each offers the link too.
  await kept.getByText('Сохранённые поиски').click();
  const token = await tokenOf(page, 'Следить за новыми грузами (бот в Telegram) (Ташкент, Тент)', 2);
  await expect(
    page.getByText(
      'Бот будет присылать новые грузы по этому поиску не чаще раза в 15 минут. На подписку он обычно отвечает в течение часа. Отписаться можно в любой момент командой /stop.',
    ),
  ).toHaveCount(2);
  const today = tashkentDay(Date.now()) ?? '';
  expect(decodeAlertToken(token, today, new Map([[String(TENT?.id), 'Tent']]))).toEqual({
    search: { language: 'ru', scope: {}, place: 'toshkent', filters: { ...NO_FILTERS, vehicle: ['Tent'] } },
    unknownVehicles: 0,
  });

  // On the plain board, the list of kept searches alone offers it.
  await page.goto('/ru/loads');
  await kept.getByText('Сохранённые поиски').click();
  await expect(kept.getByRole('listitem')).toHaveCount(1);
  expect(await tokenOf(page, 'Следить за новыми грузами (бот в Telegram) (Ташкент, Тент)')).toBe(token);

  // The run reads it: someone taps it, and the bot answers in Russian with the list in words.
  const { report, answer, state } = await startedWith(token, { id: 4242, languageCode: 'uz' });
  expect(report).toMatchObject({ subscribed: 1, refused: 0 });
  expect(answer.split('\n').slice(0, 2)).toEqual(['Подписка оформлена:', 'Все грузы, «Ташкент», Тент']);
  expect(state?.chats['4242']?.[0]?.token).toBe(token);
});

test("a kept city search's token names the city and its order; a free-text search says why it has none", async ({ page }) => {
  await page.goto('/uz/loads/from/toshkent?sort=loading');
  await page.getByRole('button', { name: 'Qidiruvni saqlash' }).click();
  const token = await tokenOf(page, /^Yangi yuklarni kuzatish \(Telegram bot\)/);
  await expect(page.getByText(/^Bot shu qidiruv boʻyicha yangi yuklarni yuboradi, koʻpi bilan 15 daqiqada bir marta\./)).toBeVisible();
  expect(decodeAlertToken(token, tashkentDay(Date.now()) ?? '')).toMatchObject({
    search: { language: 'uz', scope: { from: 'toshkent' }, filters: { sort: 'loading' } },
  });

  await page.goto('/uz/loads?search=olma&vehicle=Tent');
  await page.getByRole('button', { name: 'Qidiruvni saqlash' }).click();
  const kept = page.getByRole('region', { name: 'Saqlangan qidiruvlar' });
  await kept.getByText('Saqlangan qidiruvlar').click();
  // Beside "Remove from saved" and in the list of kept searches.
  await expect(page.getByText('Telegram orqali olib boʻlmaydi: bot faqat joy nomi boʻyicha qidiruvni tushunadi.')).toHaveCount(2);
  const olma = kept.getByRole('listitem').filter({ hasText: '«olma»' });
  await expect(olma.getByText(/^Telegram orqali olib boʻlmaydi/)).toBeVisible();
  await expect(olma.getByRole('link', { name: /^Yangi yuklarni kuzatish \(Telegram bot\)/ })).toHaveCount(0);
  // The city kept first still has its own.
  await expect(page.getByRole('link', { name: /^Yangi yuklarni kuzatish \(Telegram bot\)/ })).toHaveCount(1);
});

test('a kept route whose destination has its own radius offers its Telegram alerts, with both radii in the token', async ({ page }) => {
  await page.goto('/ru/loads/route/toshkent/samarqand?near=25&nearTo=100');
  await page.getByRole('button', { name: 'Сохранить поиск' }).click();
  await expect(page.getByRole('button', { name: 'Удалить из сохранённых' })).toBeVisible();
  const token = await tokenOf(page, /^Следить за новыми грузами \(бот в Telegram\)/);
  await expect(page.getByText(/^В Telegram не подключить/)).toHaveCount(0);
  expect(decodeAlertToken(token, tashkentDay(Date.now()) ?? '')).toEqual({
    search: {
      language: 'ru',
      scope: { from: 'toshkent', to: 'samarqand' },
      place: null,
      filters: { ...NO_FILTERS, near: 25, nearTo: 100 },
    },
    unknownVehicles: 0,
  });

  // The run reads it, and its answer names the destination's radius as the page's chip does.
  const { report, answer } = await startedWith(token, { id: 4343, languageCode: 'ru' });
  expect(report).toMatchObject({ subscribed: 1, refused: 0 });
  expect(answer.split('\n')[1]).toContain('пункт назначения: в радиусе 100 км');
});
