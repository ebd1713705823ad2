import { describe, expect, it } from 'vitest';
import { base58 } from '@scure/base';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { ethereumAddress, p2wpkhAddress, solanaAddress } from './address-encoding';

describe('address encoding from known keys', () => {
  it('API.wallets.btc-bech32-p2wpkh: the BIP173 example key gives its published P2WPKH addresses', () => {
    const key = hexToBytes('0279BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798');
    expect(p2wpkhAddress(key, 'mainnet')).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(p2wpkhAddress(key, 'testnet')).toBe('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
    expect(() => p2wpkhAddress(key.subarray(1), 'mainnet')).toThrow(/33-byte/);
  });

  it('API.wallets.eth-eip55: private keys 1 and 2 give their well-known addresses, from a compressed or uncompressed key', () => {
    const one = secp256k1.getPublicKey(hexToBytes('0000000000000000000000000000000000000000000000000000000000000001'));
    expect(ethereumAddress(one)).toBe('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf');
    const two = secp256k1.getPublicKey(hexToBytes('0000000000000000000000000000000000000000000000000000000000000002'), false);
    expect(ethereumAddress(two)).toBe('0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF');
  });

  it("API.wallets.sol-slip10: a Solana address is the base58 of the ed25519 key of RFC 8032's first test", () => {
    const publicKey = ed25519.getPublicKey(hexToBytes('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'));
    expect(bytesToHex(publicKey)).toBe('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
    const address = solanaAddress(publicKey);
    expect(bytesToHex(base58.decode(address))).toBe('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
    expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
    expect(() => solanaAddress(new Uint8Array(33))).toThrow(/32-byte/);
  });
});
