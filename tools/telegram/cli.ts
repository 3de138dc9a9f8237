/**
 * `npm run telegram`: posts the loads new since the last run to the Telegram channel, marks the posts
 * of loads that left the board, and opens again the posts of loads that came back (docs/telegram.md).
 * `npm run telegram -- alerts` runs the alerts bot instead (alerts/cli.ts).
 * Any failure is one line on stderr naming the cause and the chat, and a non-zero exit; never a stack
 * trace.
 */
import { CHAT_REFUSAL, OutcomeUnknownError, TelegramApiError, TelegramUnreachableError } from './bot-api';
import { type TelegramConfig, telegramConfigFromEnv } from './config';
import { describeFailedMessage, runTelegram } from './run';
import { EnvError } from '../env';

const PREFIX = 'npm run telegram:';

export function describeFailure(error: unknown, config: TelegramConfig | null, env: NodeJS.ProcessEnv = process.env): string {
  const chat = config?.chatId || env.TELEGRAM_CHAT_ID?.trim() || '(not set)';
  if (error instanceof TelegramApiError) {
    if (error.status === 401)
      return `Telegram refused the bot token (401 ${error.description}) for chat ${chat}: check TELEGRAM_BOT_TOKEN.`;
    if (error.status === 403 || (error.status === 400 && CHAT_REFUSAL.test(error.description)))
      return `Telegram will not let the bot post to chat ${chat} (${error.status} ${error.description}): check TELEGRAM_CHAT_ID and that the bot is an admin of the channel allowed to post.`;
    return `Telegram answered ${error.method} in chat ${chat} with ${error.status} ${error.description}.`;
  }
  if (error instanceof TelegramUnreachableError)
    return `The Telegram Bot API at ${config?.apiUrl} is unreachable (${error.reason}); nothing was posted to chat ${chat}.`;
  if (error instanceof OutcomeUnknownError)
    return `The Telegram Bot API at ${config?.apiUrl} gave no answer to ${error.method} in chat ${chat} (${error.failure.message}); the next run finds out whether it went out.`;
  const message = error instanceof Error ? error.message : String(error);
  return `${message.replace(/\s+/g, ' ').trim().replace(/\.$/, '')} (chat ${chat}).`;
}

async function main(): Promise<void> {
  let config: TelegramConfig | null = null;
  try {
    config = telegramConfigFromEnv(process.env);
    const report = await runTelegram(config);
    // The run went on without them; the exit code still tells the workflow that someone should look.
    for (const failed of report.failed) console.error(`${PREFIX} ${describeFailedMessage(failed, config.chatId)}`);
    if (report.failed.length > 0) process.exitCode = 1;
  } catch (error) {
    if (error instanceof EnvError) {
      for (const line of error.problems) console.error(`${PREFIX} ${line}`);
      process.exitCode = 1;
      return;
    }
    // The token is part of every request URL; whatever an error quotes, it never reaches a log.
    const line = describeFailure(error, config);
    console.error(`${PREFIX} ${config?.token ? line.split(config.token).join('…') : line}`);
    process.exitCode = 1;
  }
}

if (process.argv[2] === 'alerts') void import('./alerts/cli').then((alerts) => alerts.main());
else void main();
