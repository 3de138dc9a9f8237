/**
 * `npm run telegram:state -- download|upload`: keeps TELEGRAM_STATE_FILE in the deploy's bucket, beside
 * the deploy manifest (`{DEPLOY_PREFIX}/.telegram-state.json`), with the deploy's own DEPLOY_* settings
 * and credentials. The deploy leaves that object alone (tools/deploy/deploy.ts, TELEGRAM_STATE_KEY).
 *
 * A missing object is a first run; any other failure to read it stops the workflow, since going on
 * without the state would post the newest loads a second time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type DeployConfig, deployConfigFromEnv, s3ClientFor, TELEGRAM_STATE_KEY } from '../deploy/deploy';
import { DEFAULT_STATE_FILE } from './config';
import { parseState } from './state';

export async function downloadState(
  config: DeployConfig,
  file: string,
  client: S3Client = s3ClientFor(config),
): Promise<'downloaded' | 'none'> {
  let text: string;
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: config.prefix + TELEGRAM_STATE_KEY }));
    text = (await answer.Body?.transformToString('utf8')) ?? '';
  } catch (error) {
    if (error instanceof NoSuchKey) return 'none';
    throw error;
  }
  parseState(text, `s3://${config.bucket}/${config.prefix}${TELEGRAM_STATE_KEY}`);
  const temporary = `${file}.download.tmp`;
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
  return 'downloaded';
}

export async function uploadState(
  config: DeployConfig,
  file: string,
  client: S3Client = s3ClientFor(config),
): Promise<'uploaded' | 'none'> {
  if (!fs.existsSync(file)) return 'none';
  const text = fs.readFileSync(file, 'utf8');
  // Never replace a good state in the bucket with a damaged one.
  parseState(text, file);
  await client.send(
    new PutObjectCommand({
      Bucket: config.bucket,
      Key: config.prefix + TELEGRAM_STATE_KEY,
      Body: text,
      ContentType: 'application/json; charset=utf-8',
      CacheControl: 'no-store',
    }),
  );
  return 'uploaded';
}

async function main(): Promise<void> {
  const action = process.argv[2];
  const file = process.env.TELEGRAM_STATE_FILE || DEFAULT_STATE_FILE;
  try {
    const config = deployConfigFromEnv(process.env);
    const where = `s3://${config.bucket}/${config.prefix}${TELEGRAM_STATE_KEY}`;
    if (action === 'download') {
      const result = await downloadState(config, file);
      console.log(
        result === 'none'
          ? `No Telegram state at ${where} yet: the next run is the channel's first.`
          : `Read the Telegram state from ${where} into ${file}.`,
      );
    } else if (action === 'upload') {
      const result = await uploadState(config, file);
      console.log(result === 'none' ? `No ${file} to keep: nothing uploaded.` : `Kept the Telegram state in ${where}.`);
    } else {
      throw new Error('say download or upload');
    }
  } catch (error) {
    const message = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
    console.error(`npm run telegram:state ${action ?? ''}: ${message.replace(/\s+/g, ' ').trim()}`);
    process.exitCode = 1;
  }
}

if (require.main === module) void main();
