import { describe, expect, it } from 'vitest';
import { base58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { bitcoinAddressType, isValidBitcoinAddress } from './bitcoin-address';

// The published vectors of BIP173 (bech32) and BIP350 (bech32m), as Bitcoin Core's
// validateaddress test lists them, and well-known base58check addresses.

/** Replaces the character at `i` by another of the same alphabet: a one-character typo. */
function flip(address: string, i: number): string {
  const ch = address[i]!;
  const other = ch === 'q' ? 'p' : ch === 'Q' ? 'P' : ch === ch.toUpperCase() && /[A-Z]/.test(ch) ? 'Q' : 'q';
  return address.slice(0, i) + other + address.slice(i + 1);
}

describe('API.wallets.btc-recipient-kinds: segwit addresses', () => {
  it("API.wallets.btc-recipient-kinds: BIP173 and BIP350 valid mainnet addresses of today's kinds pass, in either case", () => {
    expect(bitcoinAddressType('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe('p2wpkh');
    expect(bitcoinAddressType('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe('p2wpkh');
    expect(bitcoinAddressType('bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3')).toBe('p2wsh');
    expect(bitcoinAddressType('bc1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvses5wp4dt')).toBe('p2wsh');
    expect(bitcoinAddressType('bc1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvses7epu4h')).toBe('p2tr');
    expect(bitcoinAddressType('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe('p2tr');
  });

  it('API.wallets.btc-recipient-kinds: testnet and regtest addresses pass on their own network only', () => {
    const testnet = [
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
    ];
    for (const a of testnet) {
      expect(isValidBitcoinAddress(a, 'testnet')).toBe(true);
      expect(isValidBitcoinAddress(a, 'mainnet')).toBe(false);
      expect(isValidBitcoinAddress(a, 'regtest')).toBe(false);
    }
    expect(isValidBitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'testnet')).toBe(false);
  });

  it('API.wallets.btc-recipient-kinds: well-formed segwit of versions and lengths nothing spends yet is refused', () => {
    // Valid encodings per BIP350, but version 1 of 40 bytes, version 16, version 2 and the
    // 2-byte pay-to-anchor output are all anyone-can-spend today.
    for (const a of [
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      'BC1SW50QGDZ25J',
      'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
      'bc1pfeessrawgf',
    ]) {
      expect(isValidBitcoinAddress(a)).toBe(false);
    }
  });

  it('API.wallets.btc-recipient-kinds: the invalid vectors of BIP173 and BIP350 are refused', () => {
    const invalid = [
      'tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', // unknown prefix
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', // bad checksum
      'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', // version 1+ with bech32
      'bc1rw5uspcuh',
      'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90',
      'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', // version 0 of 16 bytes
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', // mixed case
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3t4', // mixed case
      'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', // wrong padding
      'bc1qfysxzmfq2phhyarvv9hxgtjgdajxcw3fpkpph893lw', // non-zero padding
      'bc1gmk9yu', // empty data
      'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // version 1 with bech32
      'BC1PFYSXZMFQ2PHHYARVV9HXGTJGFAZYCWJYPQQQF9ZLQ6',
      'bc1qfysxzmfq2phhyarvv9hxgtjgfazycwjypqqqfm706a', // version 0 with bech32m
      'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', // version 17
      'bc1pw5dgrnzv', // 1-byte program
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', // 41 bytes
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', // more than 4 bits of padding
      'Address is not valid Base58 or Bech32 ',
    ];
    expect(invalid.filter((a) => isValidBitcoinAddress(a) || isValidBitcoinAddress(a, 'testnet'))).toEqual([]);
  });

  it('API.wallets.btc-recipient-kinds: any one character changed breaks a bech32 checksum', () => {
    const good = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
    expect(isValidBitcoinAddress(good)).toBe(true);
    for (let i = 3; i < good.length; i += 1) expect(isValidBitcoinAddress(flip(good, i)), `position ${i}`).toBe(false);
  });

  it('API.wallets.btc-recipient-kinds: surrounding spaces and an over-long address are refused', () => {
    expect(isValidBitcoinAddress(' bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe(false);
    expect(isValidBitcoinAddress('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu ')).toBe(false);
    expect(isValidBitcoinAddress(`bc1q${'q'.repeat(100)}`)).toBe(false);
    expect(isValidBitcoinAddress('')).toBe(false);
  });
});

describe('API.wallets.btc-recipient-kinds: legacy base58check addresses', () => {
  it('API.wallets.btc-recipient-kinds: mainnet P2PKH and P2SH pass with their version bytes', () => {
    expect(bitcoinAddressType('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe('p2pkh');
    expect(bitcoinAddressType('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe('p2pkh');
    expect(bitcoinAddressType('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe('p2sh');
  });

  it('API.wallets.btc-recipient-kinds: a one-character typo breaks the base58check checksum', () => {
    const good = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
    for (let i = 1; i < good.length; i += 1) expect(isValidBitcoinAddress(flip(good, i)), `position ${i}`).toBe(false);
  });

  it("API.wallets.btc-recipient-kinds: another network's version byte, or a payload not 21 bytes, is refused", () => {
    const coder = base58check(sha256);
    const hash = new Uint8Array(20).fill(7);
    const withVersion = (v: number, body = hash) => coder.encode(Uint8Array.of(v, ...body));
    expect(bitcoinAddressType(withVersion(0x6f), 'testnet')).toBe('p2pkh');
    expect(bitcoinAddressType(withVersion(0xc4), 'regtest')).toBe('p2sh');
    expect(isValidBitcoinAddress(withVersion(0x6f), 'mainnet')).toBe(false);
    expect(isValidBitcoinAddress(withVersion(0x00), 'testnet')).toBe(false);
    expect(isValidBitcoinAddress(withVersion(0x30), 'mainnet')).toBe(false); // a Litecoin address
    expect(isValidBitcoinAddress(withVersion(0x00, new Uint8Array(19)), 'mainnet')).toBe(false);
    expect(isValidBitcoinAddress(withVersion(0x00, new Uint8Array(32)), 'mainnet')).toBe(false);
  });
});
