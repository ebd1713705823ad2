import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

// Ethereum addresses, which also receive the ERC-20 tokens (usdt, usdc, pax): 0x and 20 bytes in
// hex, with the EIP-55 checksum carried in the case of the letters.

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

/**
 * The EIP-55 form of a 0x-prefixed 40-hex-digit address: each letter upper case where the
 * matching nibble of keccak256(lower-case hex digits) is 8 or more. Throws on anything else.
 */
export function toChecksumAddress(address: string): string {
  if (!HEX_ADDRESS.test(address)) throw new Error('An Ethereum address is 0x and 40 hexadecimal digits.');
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(utf8ToBytes(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i += 1) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}

/**
 * An address a withdrawal may pay to. Mixed case must be exactly the EIP-55 checksum; an
 * address in one case only carries no checksum and is accepted, as EIP-55 itself allows:
 * wallets and explorers still show addresses in lower case, and refusing them would send
 * users to retype (and mistype) them. The zero address is refused: it is where tokens are
 * burnt, and nothing paid there comes back.
 */
export function isValidEthereumAddress(address: string): boolean {
  if (!HEX_ADDRESS.test(address)) return false;
  const digits = address.slice(2);
  if (digits.toLowerCase() === ZERO_ADDRESS.slice(2)) return false;
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}
