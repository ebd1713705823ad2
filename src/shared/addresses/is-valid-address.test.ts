import { describe, expect, it } from 'vitest';
import { addressChainOf } from './address-chains';
import { isValidAddress } from './is-valid-address';

const BTC = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const BTC_TESTNET = 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl';
const ETH = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const SOL = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';

describe('A5.withdraw.address-checksum: isValidAddress', () => {
  it('A5.withdraw.address-checksum: each currency takes the addresses of its own chain only', () => {
    expect(isValidAddress('btc', BTC)).toBe(true);
    expect(isValidAddress('sol', SOL)).toBe(true);
    for (const c of ['eth', 'usdt', 'usdc', 'pax']) expect(isValidAddress(c, ETH), c).toBe(true);

    expect(isValidAddress('btc', ETH)).toBe(false);
    expect(isValidAddress('btc', SOL)).toBe(false);
    expect(isValidAddress('eth', BTC)).toBe(false);
    expect(isValidAddress('usdt', SOL)).toBe(false);
    expect(isValidAddress('sol', ETH)).toBe(false);
    expect(isValidAddress('sol', BTC)).toBe(false);
  });

  it('A5.withdraw.address-checksum: a corrupted address is refused for every chain (Solana has no checksum: its length is checked)', () => {
    expect(isValidAddress('btc', `${BTC.slice(0, -1)}v`)).toBe(false);
    expect(isValidAddress('eth', ETH.replace('EfFD', 'efFD'))).toBe(false);
    expect(isValidAddress('usdc', ETH.replace('EfFD', 'efFD'))).toBe(false);
    expect(isValidAddress('sol', SOL.slice(0, -2))).toBe(false);
  });

  it('A5.withdraw.address-checksum: Bitcoin addresses are checked for the configured network, mainnet by default', () => {
    expect(isValidAddress('btc', BTC_TESTNET)).toBe(false);
    expect(isValidAddress('btc', BTC_TESTNET, { bitcoinNetwork: 'testnet' })).toBe(true);
    expect(isValidAddress('btc', BTC, { bitcoinNetwork: 'testnet' })).toBe(false);
  });

  it('API.wallets.usd-no-address: usd and unknown currencies have no valid address', () => {
    for (const a of [BTC, ETH, SOL, '021000021']) {
      expect(isValidAddress('usd', a)).toBe(false);
      expect(isValidAddress('doge', a)).toBe(false);
      expect(isValidAddress('__proto__', a)).toBe(false);
    }
    expect(addressChainOf('usd')).toBeUndefined();
    expect(addressChainOf('toString')).toBeUndefined();
  });
});
