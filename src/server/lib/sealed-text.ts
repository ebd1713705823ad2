import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Authenticated encryption of single text values stored in the database (AES-256-GCM). The key
// lives outside the database, so a copy of the database alone does not reveal them.
//
// A sealed value is `v1.` + base64url(iv ‖ tag ‖ ciphertext). Each value is bound to a context
// (which column of which row it belongs to) as additional authenticated data, so a sealed value
// copied into another row or column does not open.

const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';

export interface TextSealer {
  seal(plaintext: string, context: string): string;
  /** Throws when the value is not a sealed value of this key and context. */
  open(sealed: string, context: string): string;
}

export function createTextSealer(key: Buffer): TextSealer {
  if (key.length !== 32) throw new Error('An AES-256 key has 32 bytes');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed, context) {
      if (!looksSealed(sealed)) throw new Error('Not a sealed value');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Not a sealed value');
      const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** Has the shape of a sealed value (it may still fail to open). */
export function looksSealed(value: string): boolean {
  return value.startsWith(PREFIX) && /^[A-Za-z0-9_-]+$/.test(value.slice(PREFIX.length));
}
