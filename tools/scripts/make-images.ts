// Renders the favicon, app icons and the default share card (1200x630) from SVG into static/.
// The outputs are committed; run `npm run images` after changing the artwork.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { site } from '../../src/config/site';

const STATIC = path.resolve('static');
const TRUCK =
  'M2 5.5A1.5 1.5 0 0 1 3.5 4h10A1.5 1.5 0 0 1 15 5.5V8h3.2a1.5 1.5 0 0 1 1.2.6l2.3 3.1c.2.3.3.6.3.9v3.9a1.5 1.5 0 0 1-1.5 1.5h-.7a2.8 2.8 0 0 1-5.6 0H9.8a2.8 2.8 0 0 1-5.6 0h-.7A1.5 1.5 0 0 1 2 16.5v-11Zm13 4.5v3h5l-2.2-3H15ZM7 16.8a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4Zm10 0a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4Z';

const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b57d0"/><g transform="translate(12 12) scale(1.6667)"><path fill="#fff" d="${TRUCK}"/></g></svg>`;

const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b57d0"/><stop offset="1" stop-color="#0f1a2e"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <g transform="translate(80 90)"><rect width="120" height="120" rx="28" fill="#fff"/><g transform="translate(20 20) scale(3.333)"><path fill="#0b57d0" d="${TRUCK}"/></g></g>
  <text x="230" y="175" font-family="DejaVu Sans, Arial, sans-serif" font-size="76" font-weight="700" fill="#fff">${site.brand}</text>
  <text x="80" y="330" font-family="DejaVu Sans, Arial, sans-serif" font-size="54" font-weight="700" fill="#fff">Yuklar va haydovchilar bir joyda</text>
  <text x="80" y="410" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#dbe6ff">Грузы и водители в одном месте</text>
  <text x="80" y="540" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#ffd27a">10K+ haydovchi · 500+ kunlik yuk · 0 soʻm</text>
</svg>`;

async function main(): Promise<void> {
  fs.writeFileSync(path.join(STATIC, 'favicon.svg'), icon);
  const square = Buffer.from(icon);
  await sharp(square, { density: 300 }).resize(32, 32).png().toFile(path.join(STATIC, 'favicon-32.png'));
  await sharp(square, { density: 300 }).resize(180, 180).png().toFile(path.join(STATIC, 'apple-touch-icon.png'));
  await sharp(square, { density: 300 }).resize(192, 192).png().toFile(path.join(STATIC, 'icon-192.png'));
  await sharp(square, { density: 300 }).resize(512, 512).png().toFile(path.join(STATIC, 'icon-512.png'));
  // Browsers ask for /favicon.ico whatever the page says; a PNG inside .ico is understood by all.
  await sharp(square, { density: 300 }).resize(48, 48).png().toFile(path.join(STATIC, 'favicon.ico'));
  await sharp(Buffer.from(card)).png({ compressionLevel: 9, palette: true }).toFile(path.join(STATIC, 'share-card.png'));
  fs.writeFileSync(
    path.join(STATIC, 'site.webmanifest'),
    `${JSON.stringify(
      {
        name: site.brand,
        short_name: site.brand,
        start_url: '/uz',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b57d0',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        ],
      },
      null,
      2,
    )}\n`,
  );
  console.log('Wrote favicon, icons, share card and manifest to static/');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
