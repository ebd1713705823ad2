import { base58, bech32 } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bitcoinNetworkParams, type BitcoinNetwork } from '../../shared/addresses/bitcoin-address';
import { toChecksumAddress } from '../../shared/addresses/ethereum-address';

// From a public key to the address users send coins to, one function per chain.

/** BIP141 P2WPKH: witness version 0 and HASH160 of the 33-byte compressed key, in bech32 (BIP173). */
export function p2wpkhAddress(compressedPublicKey: Uint8Array, network: BitcoinNetwork): string {
  if (compressedPublicKey.length !== 33) throw new Error('P2WPKH needs a 33-byte compressed public key');
  const program = ripemd160(sha256(compressedPublicKey));
  return bech32.encode(bitcoinNetworkParams[network].hrp, [0, ...bech32.toWords(program)]);
}

/** The last 20 bytes of keccak256 of the uncompressed key without its 0x04 prefix, in EIP-55 case. */
export function ethereumAddress(secp256k1PublicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(secp256k1PublicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  return toChecksumAddress(`0x${bytesToHex(hash.subarray(-20))}`);
}

/** A Solana address is the 32-byte ed25519 public key itself, in base58. */
export function solanaAddress(ed25519PublicKey: Uint8Array): string {
  if (ed25519PublicKey.length !== 32) throw new Error('A Solana address needs a 32-byte ed25519 public key');
  return base58.encode(ed25519PublicKey);
}
