import { readFileSync } from 'node:fs';
import type { PrismaClient } from '@shop/db';
import { DomainError } from '../errors';

/**
 * Passwords the zod rules (8+ characters, a letter and a digit) would accept but a guesser tries
 * first. `common-passwords.txt` holds the 5,183 entries of zxcvbn's list of the 30,000 most common
 * passwords (@zxcvbn-ts/language-common 4.1.3, MIT licence, © Dan Wheeler, Dropbox and @zxcvbn-ts)
 * that pass those rules, lower-cased, most common first. Hungarian favourites (and the qwertz
 * keyboard) follow here, as the list is English-speaking. Checked case-insensitively.
 */
const HUNGARIAN_COMMON = [
  'jelszo1',
  'jelszo12',
  'jelszo123',
  'jelszo1234',
  'jelszó123',
  'szeretlek1',
  'szeretlek123',
  'qwertz123',
  'qwertz1234',
  '123qwertz',
  'qwertzu1',
  'asdasd123',
  'magyar123',
  'budapest1',
  'budapest123',
  'webshop1',
  'webshop123',
  'admin123',
  'admin1234',
];

let commonPasswords: Set<string> | undefined;

function isCommon(password: string): boolean {
  commonPasswords ??= new Set([
    ...readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
    ...HUNGARIAN_COMMON,
  ]);
  return commonPasswords.has(password.toLowerCase());
}

export const GUESSABLE_PASSWORD_MESSAGE =
  'Ez a jelszó túl gyakori vagy könnyen kitalálható (például a bolt nevéből vagy az e-mail-címből áll). Kérjük, válassz egyedibbet!';

/** Lower case, accents and everything but letters removed: "Kék-Bögre 2026!" becomes "kekbogre". */
function lettersOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/**
 * The words a password must not merely decorate with digits: the shop's name (its words and their
 * runs) and e-mail addresses (the shop's sender and the account's own), each part before the
 * @ and each label of the domain.
 */
function personalWords(shopName: string, addresses: string[]): Set<string> {
  const words = new Set<string>();
  const add = (text: string) => {
    const letters = lettersOf(text);
    if (letters.length >= 4) words.add(letters);
  };
  // Every run of consecutive words: "Kék Bögre Webáruház" gives "kekbogre", "bogre", "kekbogrewebaruhaz" …
  const nameWords = shopName.split(/\s+/);
  for (let first = 0; first < nameWords.length; first++) {
    for (let last = first; last < nameWords.length; last++) add(nameWords.slice(first, last + 1).join(''));
  }
  for (const address of addresses) {
    const [local = '', domain = ''] = address.split('@');
    add(local);
    for (const part of local.split(/[._+-]/)) add(part);
    for (const label of domain.split('.').slice(0, -1)) add(label);
  }
  return words;
}

/**
 * Refuses (400, on the field `path`) a password from the common list, or one that is only the
 * shop's name or an e-mail address with digits and signs added ("KekBogre2026!").
 */
export async function assertPasswordNotGuessable(
  prisma: PrismaClient,
  password: string,
  { path, email }: { path: string; email: string },
): Promise<void> {
  let guessable = isCommon(password);
  if (!guessable) {
    const setting = await prisma.emailSetting.findUnique({
      where: { id: 1 },
      select: { senderName: true, senderEmail: true },
    });
    const words = personalWords(setting?.senderName ?? '', [email, setting?.senderEmail ?? '']);
    guessable = words.has(lettersOf(password));
  }
  if (guessable) {
    throw new DomainError('invalid_input', GUESSABLE_PASSWORD_MESSAGE, [
      { path, message: GUESSABLE_PASSWORD_MESSAGE },
    ]);
  }
}
