// npm run bench:telegram [-- --new 100]: what `npm run telegram` costs, against the fake Bot API of the
// tests (started here, enforcing Telegram's 20 messages a minute in one chat with 429s) at the tool's
// real pace (TELEGRAM_MIN_INTERVAL_MS unset: 3 s). Prints requests and seconds for an unchanged board
// and for N new loads (default 100, about five minutes), the 429s met and the shortest gap between two
// messages as the server saw them.
import path from 'node:path';
import { generateLoads } from '../sample-api/data';
import { normalizeLoad } from '../../src/api-client/normalize';
import type { Load } from '../../src/api-client/types';
import { publishedBoard } from '../../src/feeds/published-board';
import { telegramConfigFromEnv } from '../telegram/config';
import { runTelegram } from '../telegram/run';
import { botFolder } from '../harness/bot-folder';
import { startFakeBotApi } from '../harness/fake-bot-api';
import { numberFlag, readFlags } from './flags';

const BOARD = 120;

async function main(): Promise<void> {
  const { new: fresh } = readFlags({ new: numberFlag(100) });
  const loads = generateLoads(BOARD + fresh).map(normalizeLoad);
  const fake = await startFakeBotApi({ perMinuteLimit: 20 });
  const folder = botFolder('bench-telegram');
  const writeBoard = (board: Load[]) => folder.publish(publishedBoard(board));
  const config = telegramConfigFromEnv({
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_CHAT_ID: fake.chat,
    TELEGRAM_API_URL: fake.url,
    TELEGRAM_STATE_FILE: path.join(folder.dir, 'state.json'),
    TELEGRAM_FIRST_POSTS: '0',
    TELEGRAM_TIME_BUDGET_SECONDS: '3600',
    PUBLIC_DIR: folder.publicDir,
    SITE_URL: 'https://yukbor.example',
  });
  const quiet = { log: () => {} };
  try {
    writeBoard(loads.slice(fresh));
    const first = await runTelegram(config, quiet);
    console.log(`first run, ${BOARD} loads, TELEGRAM_FIRST_POSTS=0: ${first.requests} requests, ${first.seconds.toFixed(2)} s`);
    const unchanged = await runTelegram(config, quiet);
    console.log(`unchanged board: ${unchanged.requests} requests, ${unchanged.seconds.toFixed(2)} s`);

    writeBoard(loads);
    const before = fake.calls.length;
    const report = await runTelegram(config, quiet);
    const calls = fake.calls.slice(before);
    const gaps = calls.slice(1).map((call, index) => call.at - (calls[index]?.at ?? 0));
    const posts = fake.botPosts();
    console.log(
      `${fresh} new loads: posted ${report.posted}, ${report.requests} requests (server saw ${calls.length}, ` +
        `${calls.filter((call) => call.status === 429).length} answered 429), ${report.seconds.toFixed(1)} s, ` +
        `${(report.posted / (report.seconds / 60)).toFixed(1)} messages a minute, shortest gap ${Math.min(...gaps)} ms; ` +
        `channel holds ${posts.length} posts of ${new Set(posts.map((post) => post.text)).size} different loads`,
    );
    const again = await runTelegram(config, quiet);
    console.log(`unchanged board again: ${again.requests} requests, ${again.seconds.toFixed(2)} s`);
  } finally {
    await fake.close();
    folder.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
