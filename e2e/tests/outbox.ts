import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { dataDirOf, portOf, siteOfTest } from '../sites';

/** The data folder of the site the running test uses (its project's `baseURL`). */
function siteDataDir(): string {
  return dataDirOf(portOf(siteOfTest()));
}

/** The outbox of the site under test: `npm start`'s embedded mail default writes each message there as an `.eml` file. */
function outbox(): string {
  return path.join(siteDataDir(), 'outbox');
}

/**
 * The newest message to `recipient` whose text matches `pattern`, waiting up to `timeoutMs` for it
 * (mail is sent after the answer, so it may land a moment later).
 */
export async function readMail(recipient: string, pattern: RegExp, timeoutMs = 15_000): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const folder = outbox();
        const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
        for (const file of files) {
          const mail = await simpleParser(fs.readFileSync(path.join(folder, file)));
          const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
          if (to.includes(recipient) && pattern.test(mail.text ?? '')) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: timeoutMs },
    )
    .toBe(true);
  return found!;
}

/** The SMS outbox of the site under test (issue 26): each SMS a JSON file `{to, text, template, parameters, time}`. */
function smsOutbox(): string {
  return path.join(siteDataDir(), 'sms-outbox');
}

/** The code of the newest SMS to `mobile` (E.164) written after `since` (ms), waiting up to `timeoutMs` for it. */
export async function readSmsCode(mobile: string, since: number, timeoutMs = 15_000): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const folder = smsOutbox();
        const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.json')).sort().reverse() : [];
        for (const file of files) {
          const sms = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as { to: string; parameters: { CODE?: string }; time: string };
          if (sms.to === mobile && sms.parameters.CODE && Date.parse(sms.time) >= since) {
            code = sms.parameters.CODE;
            return true;
          }
        }
        return false;
      },
      { timeout: timeoutMs },
    )
    .toBe(true);
  return code!;
}
