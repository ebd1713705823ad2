import { describe, expect, it } from 'vitest';
import { isValidEthereumAddress, toChecksumAddress } from './ethereum-address';

// The test cases published in EIP-55 itself.
const EIP55_EXAMPLES = [
  // All caps
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  // All lower
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  // Normal
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

/** Swaps the case of the first letter after 0x. */
function wrongCase(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const ch = address[i]!;
  return address.slice(0, i) + (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) + address.slice(i + 1);
}

describe('API.wallets.eth-recipient-checksum: EIP-55', () => {
  it('API.wallets.eth-recipient-checksum: the checksum of each EIP-55 example, from any case, is the example', () => {
    for (const example of EIP55_EXAMPLES) {
      expect(toChecksumAddress(example.toLowerCase())).toBe(example);
      expect(toChecksumAddress(`0x${example.slice(2).toUpperCase()}`)).toBe(example);
      expect(isValidEthereumAddress(example)).toBe(true);
    }
  });

  it('API.wallets.eth-recipient-checksum: mixed case with one letter in the wrong case is refused', () => {
    for (const example of EIP55_EXAMPLES.slice(4)) expect(isValidEthereumAddress(wrongCase(example)), example).toBe(false);
  });

  it('API.wallets.eth-recipient-checksum: an address in one case only carries no checksum and is accepted', () => {
    const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(isValidEthereumAddress(checksummed.toLowerCase())).toBe(true);
    expect(isValidEthereumAddress(`0x${checksummed.slice(2).toUpperCase()}`)).toBe(true);
  });

  it('API.wallets.eth-recipient-checksum: anything but 0x and 40 hex digits is refused', () => {
    const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    for (const bad of [
      good.slice(2), // no prefix
      `0X${good.slice(2)}`,
      good.slice(0, -1), // 39 digits
      `${good}0`, // 41 digits
      `${good.slice(0, -1)}g`, // not hex
      ` ${good}`,
      `${good} `,
      '',
      '0x',
    ]) {
      expect(isValidEthereumAddress(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('API.wallets.eth-recipient-checksum: the zero address is refused', () => {
    expect(isValidEthereumAddress(`0x${'0'.repeat(40)}`)).toBe(false);
  });

  it('API.wallets.eth-recipient-checksum: toChecksumAddress throws on what is not an address', () => {
    expect(() => toChecksumAddress('0x1234')).toThrow(/40 hexadecimal digits/);
  });
});
