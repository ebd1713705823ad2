import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordPolicyMessages } from '../../shared/messages';
import { appError } from '../errors';

// Passwords that attackers try first. The list is the one zxcvbn-ts ships and keeps up to date:
// about 49,000 passwords ranked by how often they appear in public breach corpora. It is part
// of the installed package, so nothing is fetched at run time.
//
// The password rule (12 characters, both cases, a digit and a symbol) already refuses every
// listed password as it stands, so checking the exact value alone would refuse nothing. What
// cracking tools actually try is a listed word dressed up to pass such rules: capitalised,
// with l33t substitutions, digits and symbols added before or after ("P@ssw0rd2024!",
// "Summer1985!!"). Those are refused too.

let listed: ReadonlySet<string> | undefined;
function breachList(): ReadonlySet<string> {
  listed ??= new Set(dictionary['passwords-common']);
  return listed;
}

/** Undoes the usual single-character substitutions. */
const L33T: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};

function unl33t(value: string): string {
  return value.replace(/[013457@$!|]/g, (c) => L33T[c]!);
}

/** Drops digits and symbols added before and after a word. */
function stripAffixes(value: string): string {
  return value.replace(/^[^a-z]+|[^a-z]+$/g, '');
}

/** The forms a guesser derives from a listed password that `password` might be. */
export function breachCandidates(password: string): string[] {
  const lower = password.toLowerCase();
  const core = stripAffixes(lower);
  // The last form reads symbols at the ends as letters too ("@dministrator1").
  const forms = [lower, core, unl33t(core), stripAffixes(unl33t(lower.replace(/^\d+|\d+$/g, '')))];
  // A core of a letter or two is not a dressed-up word but a string of digits and symbols.
  return [...new Set(forms)].filter((f, i) => i === 0 || f.length >= 3);
}

/** True when `password` is a listed breached password or one dressed up as above. */
export function isBreachedPassword(password: string): boolean {
  const list = breachList();
  return breachCandidates(password).some((form) => list.has(form));
}

/** Refuses a breached password with `password_breached`, naming the form field it came from. */
export function assertNotBreached(password: string, field: string): void {
  if (isBreachedPassword(password)) throw appError('password_breached', { errors: { [field]: [passwordPolicyMessages.breached] } });
}
