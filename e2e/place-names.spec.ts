import { expect, test } from '@playwright/test';

// Sample loads (tools/sample-api/data.ts): 1001 Jizzax → Dushanbe; 1002 Almaty → Samarqand (dictionary);
// 1012 "Samarkand" → "Chirchiq, Toshkent viloyati" and 1014 "Алматы" → "Andijon, Andijon viloyati"
// (typed by hand).

test('cards name places in the page language, whatever script the API used', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/ru/loads');
  await expect(page.getByRole('link', { name: /^Джизак.*Душанбе/ })).toHaveAttribute('href', '/ru/load/1001');
  await expect(page.getByRole('link', { name: /^Самарканд.*Чирчик/ })).toHaveAttribute('href', '/ru/load/1012');
  await page.goto('/uz-cyrl/loads');
  await expect(page.getByRole('link', { name: /^Олмаота.*Андижон/ })).toHaveAttribute('href', '/uz-cyrl/load/1014');
  await page.goto('/uz/loads');
  await expect(page.getByRole('link', { name: /^Olmaota.*Andijon/ })).toHaveAttribute('href', '/uz/load/1014');
  await context.close();
});

test('load pages name the route in the page language in title, description and JSON-LD', async ({ request }) => {
  const ru = await (await request.get('/ru/load/1002')).text();
  expect(ru).toMatch(/<title[^>]*>[^<]*Алматы → Самарканд[^<]*<\/title>/);
  expect(ru).toMatch(/<meta property="og:description" content="[^"]*Алматы → Самарканд/);
  expect(ru).not.toContain('Samarqand');
  const cyrl = await (await request.get('/uz-cyrl/load/1002')).text();
  expect(cyrl).toMatch(/<title[^>]*>[^<]*Олмаота → Самарқанд[^<]*<\/title>/);
  const jsonLd = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(cyrl)?.[1] ?? '{}');
  expect(jsonLd.areaServed.map((place: { name: string }) => place.name)).toEqual(['Олмаота', 'Самарқанд']);
});
