import { base58 } from '@scure/base';

// Solana addresses: a 32-byte public key in base58 (32 to 44 characters).

const BASE58_32_BYTES = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * An address a withdrawal may pay to: base58 that decodes to exactly 32 bytes. Whether the
 * key lies on the ed25519 curve is not asked: program-derived addresses (the token accounts
 * and vaults of programs) are off the curve by design and are valid recipients, and leaving
 * the curve check out keeps the curve arithmetic out of the web app. The all-zero key (the
 * System Program's address) is refused: nothing paid there comes back.
 */
export function isValidSolanaAddress(address: string): boolean {
  if (!BASE58_32_BYTES.test(address)) return false;
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    return false;
  }
  return bytes.length === 32 && bytes.some((b) => b !== 0);
}
