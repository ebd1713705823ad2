import { describe, expect, it } from 'vitest';
import { base58 } from '@scure/base';
import { isValidSolanaAddress } from './solana-address';

describe('API.wallets.sol-recipient-32-bytes: Solana addresses', () => {
  it('API.wallets.sol-recipient-32-bytes: well-known keys and program-derived addresses pass', () => {
    for (const a of [
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk', // a wallet key (the BIP39 test mnemonic's first account)
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // the SPL Token program
      'So11111111111111111111111111111111111111112', // wrapped SOL mint
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', // the USDC mint
    ]) {
      expect(isValidSolanaAddress(a), a).toBe(true);
    }
  });

  it('API.wallets.sol-recipient-32-bytes: a key off the ed25519 curve (as program-derived addresses are) is accepted', () => {
    // y = 2 has no x on the curve: these 32 bytes are no public key, yet a valid PDA-like address.
    const offCurve = new Uint8Array(32);
    offCurve[0] = 2;
    expect(isValidSolanaAddress(base58.encode(offCurve))).toBe(true);
  });

  it('API.wallets.sol-recipient-32-bytes: base58 of other lengths, characters outside base58 and the zero key are refused', () => {
    const good = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';
    for (const bad of [
      base58.encode(new Uint8Array(31).fill(9)),
      base58.encode(new Uint8Array(33).fill(9)),
      base58.encode(new Uint8Array(64).fill(9)), // a secret key, never an address
      `${good.slice(0, -1)}0`, // 0 is not base58
      `${good.slice(0, -1)}l`, // nor is l
      ` ${good}`,
      '11111111111111111111111111111111', // the all-zero key: the System Program
      '',
    ]) {
      expect(isValidSolanaAddress(bad), bad).toBe(false);
    }
  });

  it('API.wallets.sol-recipient-32-bytes: characters lost or added are caught by the decoded length', () => {
    // Base58 carries no checksum: a changed character is simply another key, which is why the
    // approved-address book and its cool-down matter for Solana. What the length catches:
    // 44 characters is the longest 32 bytes need, and 42 never reach 32 bytes without leading 1s.
    const good = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';
    expect(isValidSolanaAddress(good.slice(2))).toBe(false);
    expect(isValidSolanaAddress(good.slice(0, 20) + good.slice(22))).toBe(false);
    expect(isValidSolanaAddress(`${good}z`)).toBe(false);
  });
});
