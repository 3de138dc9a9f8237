import { OutcomeUnknownError, TelegramApiError, TelegramUnreachableError } from '../bot-api';
import { EnvError } from '../../env';
import { type AlertsConfig, alertsConfigFromEnv } from './config';
import { type AlertsReport, AlertsRunFailure, runAlerts } from './run';

/**
 * `npm run telegram -- alerts`: one run of the alerts bot (run.ts). Any failure is one line on stderr
 * naming the cause, and a non-zero exit; never a stack trace, never the token, never a subscriber.
 */

const PREFIX = 'npm run telegram -- alerts:';

/** What a run had sent when it stopped, so the line never says "nothing" after something went out. */
function sentSoFar(report: AlertsReport | null): string {
  const answers = report?.answers ?? 0;
  const alerts = report?.alerts ?? 0;
  if (answers + alerts === 0) return 'nothing was sent';
  return `the run stopped after sending ${answers} answers and ${alerts} alerts, recorded as sent`;
}

export function describeAlertsFailure(stopped: unknown, config: AlertsConfig | null): string {
  const [error, report] = stopped instanceof AlertsRunFailure ? [stopped.failure, stopped.report] : [stopped, null];
  if (error instanceof TelegramApiError) {
    if (error.status === 401) return `Telegram refused the alerts bot's token (401 ${error.description}): check TELEGRAM_ALERTS_BOT_TOKEN.`;
    if (error.status === 409)
      return `Telegram will not give the alerts bot its messages (409 ${error.description}): the bot has a webhook, or another process reads it; give the alerts a bot of their own (docs/telegram.md).`;
    return `Telegram answered ${error.method} with ${error.status} ${error.description}.`;
  }
  if (error instanceof TelegramUnreachableError)
    return `The Telegram Bot API at ${config?.apiUrl} is unreachable (${error.reason}); ${sentSoFar(report)}.`;
  if (error instanceof OutcomeUnknownError)
    return `The Telegram Bot API at ${config?.apiUrl} gave no answer to ${error.method} (${error.failure.message}); the run stopped, and what it sent is recorded (${report?.answers ?? 0} answers, ${report?.alerts ?? 0} alerts).`;
  const message = error instanceof Error ? error.message : String(error);
  return `${message.replace(/\s+/g, ' ').trim().replace(/\.$/, '')}.`;
}

export async function main(): Promise<void> {
  let config: AlertsConfig | null = null;
  try {
    config = alertsConfigFromEnv(process.env);
    await runAlerts(config);
  } catch (error) {
    if (error instanceof EnvError) {
      for (const line of error.problems) console.error(`${PREFIX} ${line}`);
      process.exitCode = 1;
      return;
    }
    // The token is part of every request URL; whatever an error quotes, it never reaches a log.
    const line = describeAlertsFailure(error, config);
    console.error(`${PREFIX} ${config?.token ? line.split(config.token).join('…') : line}`);
    process.exitCode = 1;
  }
}
