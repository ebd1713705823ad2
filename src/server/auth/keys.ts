import fs from 'node:fs';
import path from 'node:path';
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { ensurePrivateDir, narrowIfPresent, PRIVATE_FILE_MODE } from '../lib/private-files';

/** Purpose-specific keys derived from one master secret, so no key is used for two jobs. */
export interface ServerKeys {
  /** Signs access tokens. */
  accessToken: Buffer;
  /** Derives a refresh token's successor (deterministic, so a retried refresh gets the same one). */
  refreshSuccessor: Buffer;
  /** Peppers verification-code hashes: a 6-digit code hashed without a secret is trivially reversed. */
  codes: Buffer;
  /** AES-256-GCM key of the ID numbers (SSN, passport) stored in the database. */
  idNumbers: Buffer;
}

export const SECRET_FILE = 'secret.key';

export function deriveKeys(master: Buffer): ServerKeys {
  const derive = (purpose: string) => createHmac('sha256', master).update(purpose).digest();
  return {
    accessToken: derive('ox/access-token/v1'),
    refreshSuccessor: derive('ox/refresh-successor/v1'),
    codes: derive('ox/verification-code/v1'),
    // HKDF, the standard way to turn a master secret into an encryption key. (The keys above
    // keep their HMAC derivation: changing it would end every session and pending code.)
    idNumbers: Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'ox/id-number/aes-256-gcm/v1', 32)),
  };
}

/**
 * Reads the master secret from DATA_DIR, creating it on first start. Keeping it on disk (not
 * in memory) is what lets sessions survive a restart, and what the stored ID numbers are
 * encrypted under: losing the file loses them (back it up apart from the database).
 */
export function loadOrCreateKeys(dataDir: string): ServerKeys {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, SECRET_FILE);
  try {
    // 'wx' fails if the file exists, so two processes starting together never overwrite each other.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: PRIVATE_FILE_MODE });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    narrowIfPresent(file);
  }
  const hex = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${file} is not a 32-byte hex secret`);
  return deriveKeys(Buffer.from(hex, 'hex'));
}
