import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '../src/schemas/auth';
import { englishMessage } from '../src/schemas/messages';
import { DEFAULT_BCRYPT_COST, hashPassword } from './auth/passwords';
import { dbFileOf } from './config';
import { buildProductionState } from './seed';
import { addFirstAdmin } from './seed/firstAdmin';
import { dbLockHolder, describeDbLock } from './store/dbLock';
import { writeJsonAtomic } from './store/jsonFile';
import { openStore } from './store/store';

/**
 * DEPLOY-1: `npm run create-admin -- --email you@example.com [--name "…"] [--account "…"]
 * [--generate-password]`: the provider's first administrator. The password is typed twice at a
 * prompt that does not echo it (or read from the first line of a piped stdin), or generated and
 * printed once. Run it while the API is stopped: the API rewrites the whole file on every change.
 */

const USAGE = 'Usage: npm run create-admin -- --email you@example.com [--name "Your Name"] [--account "Operations"] [--generate-password]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** One line typed without echo; Ctrl-C cancels. */
const readHidden = (prompt: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stderr.write(prompt);
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    let value: string[] = [];
    const stop = (): void => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string): void => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          stop();
          resolve(value.join(''));
          return;
        }
        if (character === '\u0003') {
          stop();
          reject(new Error('Cancelled.'));
          return;
        }
        value = character === '\u007f' || character === '\b' ? value.slice(0, -1) : [...value, character];
      }
    };
    input.on('data', onData);
  });

const readPipedLine = async (): Promise<string> => {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
};

/** 24 characters from 144 random bits, drawn again until it meets the password rules (VAL-2). */
const generatedPassword = (): string => {
  for (;;) {
    const candidate = randomBytes(18).toString('base64url');
    if (passwordSchema.safeParse(candidate).success) return candidate;
  }
};

const typedPassword = async (): Promise<string> => {
  if (!process.stdin.isTTY) return readPipedLine();
  const first = await readHidden('Password (not shown): ');
  const second = await readHidden('Password again: ');
  if (first !== second) fail(englishMessage('error.backend.passwords_must_match'));
  return first;
};

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    account: { type: 'string', default: 'Operations' },
    'generate-password': { type: 'boolean', default: false },
  },
});

const email = emailSchema.safeParse(values.email ?? '');
if (!email.success) fail(`${englishMessage(email.error.issues[0]?.message ?? 'validation.email_invalid')}\n${USAGE}`);
const address = email.data.toLowerCase();

const dbFile = dbFileOf();
const holder = dbLockHolder(dbFile);
if (holder) fail(describeDbLock(dbFile, holder));

const generate = values['generate-password'];
const password = generate ? generatedPassword() : await typedPassword();
const checked = passwordSchema.safeParse(password);
if (!checked.success) fail(`The password does not meet the rules: ${checked.error.issues.map((issue) => englishMessage(issue.message)).join('; ')}.`);

mkdirSync(dirname(dbFile), { recursive: true });
if (!existsSync(dbFile)) writeJsonAtomic(dbFile, buildProductionState());
const store = openStore(dbFile);
try {
  const user = addFirstAdmin(store, {
    email: address,
    name: values.name ?? address.split('@')[0] ?? address,
    accountName: values.account,
    passwordHash: await hashPassword(password, DEFAULT_BCRYPT_COST),
    now: new Date(),
  });
  await store.close();
  console.log(`Created administrator ${user.email} (ROLE_ADMIN) in ${dbFile}.`);
  // Printed once, here only: it is stored as a bcrypt hash.
  if (generate) console.log(`Password (shown once, keep it in your password manager): ${password}`);
} catch (error) {
  await store.close();
  fail((error as Error).message);
}
