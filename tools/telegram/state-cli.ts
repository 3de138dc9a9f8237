/**
 * `npm run telegram:state -- download|upload|release`: the channel's state in the bucket by hand, and
 * with `alerts` first (`npm run telegram:state -- alerts upload`) the alerts' (bucket-state.ts,
 * docs/telegram.md).
 */
import { objectUrl } from '../deploy/conditional-object';
import { deployConfigFromEnv } from '../deploy/deploy';
import { stateObject } from '../deploy/state-location';
import { EnvError, toolEnv } from '../env';
import { alertsStateCommand } from './alerts/state';
import { CHANNEL_STATE, downloadState, type HeldState, releaseState, type StateCommand, uploadState } from './bucket-state';
import { DEFAULT_STATE_FILE } from './config';

async function handle<S extends HeldState>(action: string | undefined, command: StateCommand<S>): Promise<void> {
  const config = deployConfigFromEnv(process.env);
  const { kind, file, name } = command;
  const where = objectUrl(stateObject(config, kind.key));
  if (action === 'download') {
    const result = await downloadState(config, file, undefined, kind);
    console.log(result === 'none' ? `No ${name} at ${where} yet: ${command.noneYet}` : `Read the ${name} from ${where} into ${file}.`);
  } else if (action === 'upload') {
    const result = await uploadState(config, file, undefined, kind);
    console.log(
      {
        none: `No ${file} to keep: nothing uploaded.`,
        unchanged: `${where} already holds ${file}: nothing uploaded.`,
        uploaded: `Stored the ${name} in ${where}.`,
      }[result],
    );
  } else {
    const result = await releaseState(config, undefined, kind);
    console.log(result === 'none' ? `${where} is not held by any run: nothing to do.` : `${where} is released as it is.`);
  }
}

async function main(): Promise<void> {
  const alerts = process.argv[2] === 'alerts';
  const action = process.argv[alerts ? 3 : 2];
  const label = `npm run telegram:state ${alerts ? 'alerts ' : ''}${action ?? ''}`.trim();
  try {
    if (!['download', 'upload', 'release'].includes(action ?? ''))
      throw new Error('say download, upload or release (alerts first for the alerts’ state)');
    const vars = toolEnv(process.env);
    if (alerts) {
      await handle(action, alertsStateCommand(vars));
    } else {
      const file = vars.string('TELEGRAM_STATE_FILE', { fallback: DEFAULT_STATE_FILE });
      vars.done();
      await handle(action, { kind: CHANNEL_STATE, file, name: 'Telegram state', noneYet: "the next run is the channel's first." });
    }
  } catch (error) {
    const lines = error instanceof EnvError ? error.problems : [oneLine(error)];
    for (const line of lines) console.error(`${label}: ${line}`);
    process.exitCode = 1;
  }
}

function oneLine(error: unknown): string {
  const message =
    error instanceof Error
      ? `${['Error', 'StaleStateError'].includes(error.name) ? '' : `${error.name}: `}${error.message}`
      : String(error);
  return message.replace(/\s+/g, ' ').trim();
}

void main();
