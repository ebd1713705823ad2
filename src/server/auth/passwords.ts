import { hash, verify, type Options } from '@node-rs/argon2';

// argon2id with the library's recommended cost (19 MiB, 2 passes). Algorithm is a const enum
// in the typings, which isolatedModules cannot read, hence the literal 2 (= Argon2id).
const ARGON2ID = 2 as Options['algorithm'];
const options: Options = { algorithm: ARGON2ID };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the email is unknown, so response timing does not
 * reveal which emails have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  await verifyPassword(await dummyHash, password);
}
