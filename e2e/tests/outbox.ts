import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The outbox of the site under test: `npm start`'s embedded mail default writes each message there as an `.eml` file. */
export const OUTBOX = path.join(__dirname, '..', '.artifacts', 'data', 'outbox');

/**
 * The newest message to `recipient` whose text matches `pattern`, waiting up to `timeoutMs` for it
 * (mail is sent after the answer, so it may land a moment later).
 */
export async function readMail(recipient: string, pattern: RegExp, timeoutMs = 15_000): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
        for (const file of files) {
          const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
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
