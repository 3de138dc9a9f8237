import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUBLISHED_BOARD_FILE, type PublishedBoard } from '../../src/feeds/published-board';

/**
 * A temporary folder laid out as a bot's run finds production's after a deploy: the build's `public/`
 * with its published board (`feeds/board.json`), and the run's state files beside it. The Telegram tests,
 * the alerts e2e spec and the benches make theirs here, so all of them read the board where the tools do.
 */
export interface BotFolder {
  readonly dir: string;
  /** What PUBLIC_DIR names. */
  readonly publicDir: string;
  /** The alerts run's state file (TELEGRAM_ALERTS_STATE_FILE). */
  readonly alertsStateFile: string;
  /** Writes the board as the build publishes it. */
  publish(board: PublishedBoard): void;
  remove(): void;
}

export function botFolder(prefix: string): BotFolder {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const publicDir = path.join(dir, 'public');
  return {
    dir,
    publicDir,
    alertsStateFile: path.join(dir, 'alerts.json'),
    publish(board) {
      const file = path.join(publicDir, PUBLISHED_BOARD_FILE);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(board));
    },
    remove() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The site the tests' messages link: never the developer's machine, which the alerts refuse to link. */
export const TEST_SITE_URL = 'https://yukbor.example';

/**
 * `npm run telegram -- alerts`' environment against a fake Bot API, over `folder`, with Telegram's pauses
 * off (TELEGRAM_MIN_INTERVAL_MS 0): what a test changes comes in `extra`.
 */
export function alertsEnvFor(
  folder: BotFolder,
  bot: { token: string; url: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    TELEGRAM_ALERTS_BOT_TOKEN: bot.token,
    TELEGRAM_API_URL: bot.url,
    TELEGRAM_ALERTS_STATE_FILE: folder.alertsStateFile,
    TELEGRAM_MIN_INTERVAL_MS: '0',
    PUBLIC_DIR: folder.publicDir,
    SITE_URL: TEST_SITE_URL,
    ...extra,
  };
}
