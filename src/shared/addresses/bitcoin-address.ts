import { base58check, bech32, bech32m } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';

// Bitcoin addresses a withdrawal may pay to, checked down to their checksums: segwit addresses
// (BIP173 bech32 for witness version 0, BIP350 bech32m for version 1) and the legacy base58check
// P2PKH and P2SH addresses. The deposit side derives P2WPKH addresses (src/server/wallets).

export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest';
export const bitcoinNetworks: readonly BitcoinNetwork[] = ['mainnet', 'testnet', 'regtest'];

export interface BitcoinNetworkParams {
  /** The bech32 human-readable part. */
  hrp: string;
  /** The base58check version byte of a P2PKH address. */
  p2pkh: number;
  /** The base58check version byte of a P2SH address. */
  p2sh: number;
}

export const bitcoinNetworkParams: Readonly<Record<BitcoinNetwork, BitcoinNetworkParams>> = {
  mainnet: { hrp: 'bc', p2pkh: 0x00, p2sh: 0x05 },
  testnet: { hrp: 'tb', p2pkh: 0x6f, p2sh: 0xc4 },
  regtest: { hrp: 'bcrt', p2pkh: 0x6f, p2sh: 0xc4 },
};

export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr';

/** BIP173: a segwit address is at most 90 characters. */
const SEGWIT_MAX_LENGTH = 90;
const base58checkSha256 = base58check(sha256);

/**
 * The kind of a well-formed address of `network`, or undefined: bad characters, mixed case, a
 * wrong checksum, another network's prefix or version byte, or a witness program of the wrong
 * length all give undefined.
 *
 * Only the output kinds that exist today are accepted: witness version 0 (20 or 32 bytes) and
 * version 1 with 32 bytes (Taproot). BIP350 also encodes versions 2–16 and other version-1
 * lengths, but nothing defines how those are spent yet: coins paid there are anyone's to take
 * once a soft fork gives them meaning, so a withdrawal never goes there.
 */
export function bitcoinAddressType(address: string, network: BitcoinNetwork = 'mainnet'): BitcoinAddressType | undefined {
  const params = bitcoinNetworkParams[network];
  if (address.toLowerCase().startsWith(`${params.hrp}1`)) return segwitType(address, params.hrp);
  return legacyType(address, params);
}

export function isValidBitcoinAddress(address: string, network: BitcoinNetwork = 'mainnet'): boolean {
  return bitcoinAddressType(address, network) !== undefined;
}

function segwitType(address: string, hrp: string): BitcoinAddressType | undefined {
  // Each checksum constant belongs to certain versions (BIP350): a version 0 program encoded
  // with bech32m, or a version 1 program with bech32, is invalid.
  const v0 = bech32.decodeUnsafe(address, SEGWIT_MAX_LENGTH);
  const decoded = v0 ?? bech32m.decodeUnsafe(address, SEGWIT_MAX_LENGTH);
  if (!decoded || decoded.prefix !== hrp) return undefined;
  const [version, ...programWords] = decoded.words;
  const program = bech32.fromWordsUnsafe(programWords);
  if (version === undefined || !program) return undefined;
  if (version === 0 && v0) {
    if (program.length === 20) return 'p2wpkh';
    if (program.length === 32) return 'p2wsh';
  }
  if (version === 1 && !v0 && program.length === 32) return 'p2tr';
  return undefined;
}

function legacyType(address: string, params: BitcoinNetworkParams): BitcoinAddressType | undefined {
  let payload: Uint8Array;
  try {
    payload = base58checkSha256.decode(address);
  } catch {
    return undefined;
  }
  if (payload.length !== 21) return undefined;
  if (payload[0] === params.p2pkh) return 'p2pkh';
  if (payload[0] === params.p2sh) return 'p2sh';
  return undefined;
}
