import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTextSealer, looksSealed } from './sealed-text';

describe('API.security.id-numbers-encrypted: sealed text (AES-256-GCM)', () => {
  const sealer = createTextSealer(randomBytes(32));

  it('opens what it sealed, with a fresh nonce each time', () => {
    const a = sealer.seal('123-45-6789', 'ctx');
    const b = sealer.seal('123-45-6789', 'ctx');
    expect(a).not.toBe(b);
    expect(a).not.toContain('6789');
    expect(looksSealed(a)).toBe(true);
    expect(sealer.open(a, 'ctx')).toBe('123-45-6789');
    expect(sealer.open(sealer.seal('', 'ctx'), 'ctx')).toBe('');
    expect(sealer.open(sealer.seal('Ünïcode 护照', 'ctx'), 'ctx')).toBe('Ünïcode 护照');
  });

  it('refuses another context, another key, a changed byte and plain text', () => {
    const sealed = sealer.seal('P1234567', 'row-1');
    expect(() => sealer.open(sealed, 'row-2')).toThrow();
    expect(() => createTextSealer(randomBytes(32)).open(sealed, 'row-1')).toThrow();
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    expect(() => sealer.open(sealed.slice(0, -1) + last, 'row-1')).toThrow();
    expect(() => sealer.open('P1234567', 'row-1')).toThrow();
    expect(() => sealer.open('v1.AAAA', 'row-1')).toThrow();
    expect(looksSealed('P1234567')).toBe(false);
  });

  it('needs a 32-byte key', () => {
    expect(() => createTextSealer(randomBytes(16))).toThrow();
  });
});
