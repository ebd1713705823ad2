import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js';
import { isValidAddress } from '../../shared/addresses/is-valid-address';
import { createDepositAddressDeriver, MAX_DEPOSIT_INDEX } from './deposit-address-deriver';

// The mnemonic of the published BIP84 vectors (and the one every wallet library tests with).
const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = mnemonicToSeedSync(TEST_MNEMONIC);
const deriver = createDepositAddressDeriver(seed);

describe('API.wallets.one-hd-master: the key tree (published BIP32 vectors)', () => {
  // The deriver stands on @scure/bip32's tree; these pin it to the standard, whatever version.
  it('API.wallets.one-hd-master: BIP32 test vector 1 gives the published extended keys at every step', () => {
    const root = HDKey.fromMasterSeed(hexToBytes('000102030405060708090a0b0c0d0e0f'));
    const expected: [string, string, string][] = [
      [
        'm',
        'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
        'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
      ],
      [
        "m/0'",
        'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
        'xprv9uHRZZhk6KAJC1avXpDAp4MDc3sQKNxDiPvvkX8Br5ngLNv1TxvUxt4cV1rGL5hj6KCesnDYUhd7oWgT11eZG7XnxHrnYeSvkzY7d2bhkJ7',
      ],
      [
        "m/0'/1",
        'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
        'xprv9wTYmMFdV23N2TdNG573QoEsfRrWKQgWeibmLntzniatZvR9BmLnvSxqu53Kw1UmYPxLgboyZQaXwTCg8MSY3H2EU4pWcQDnRnrVA1xe8fs',
      ],
      [
        "m/0'/1/2'",
        'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
        'xprv9z4pot5VBttmtdRTWfWQmoH1taj2axGVzFqSb8C9xaxKymcFzXBDptWmT7FwuEzG3ryjH4ktypQSAewRiNMjANTtpgP4mLTj34bhnZX7UiM',
      ],
      [
        "m/0'/1/2'/2",
        'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
        'xprvA2JDeKCSNNZky6uBCviVfJSKyQ1mDYahRjijr5idH2WwLsEd4Hsb2Tyh8RfQMuPh7f7RtyzTtdrbdqqsunu5Mm3wDvUAKRHSC34sJ7in334',
      ],
      [
        "m/0'/1/2'/2/1000000000",
        'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
        'xprvA41z7zogVVwxVSgdKUHDy1SKmdb533PjDz7J6N6mV6uS3ze1ai8FHa8kmHScGpWmj4WggLyQjgPie1rFSruoUihUZREPSL39UNdE3BBDu76',
      ],
    ];
    for (const [path, xpub, xprv] of expected) {
      const key = root.derive(path);
      expect(key.publicExtendedKey, path).toBe(xpub);
      expect(key.privateExtendedKey, path).toBe(xprv);
    }
  });

  it('API.wallets.one-hd-master: BIP32 test vector 2 gives the published extended keys, hardened index 2^31−1 included', () => {
    const root = HDKey.fromMasterSeed(
      hexToBytes(
        'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542',
      ),
    );
    const expected: [string, string][] = [
      ['m', 'xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB'],
      ['m/0', 'xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH'],
      [
        "m/0/2147483647'",
        'xpub6ASAVgeehLbnwdqV6UKMHVzgqAG8Gr6riv3Fxxpj8ksbH9ebxaEyBLZ85ySDhKiLDBrQSARLq1uNRts8RuJiHjaDMBU4Zn9h8LZNnBC5y4a',
      ],
      [
        "m/0/2147483647'/1",
        'xpub6DF8uhdarytz3FWdA8TvFSvvAh8dP3283MY7p2V4SeE2wyWmG5mg5EwVvmdMVCQcoNJxGoWaU9DCWh89LojfZ537wTfunKau47EL2dhHKon',
      ],
      [
        "m/0/2147483647'/1/2147483646'",
        'xpub6ERApfZwUNrhLCkDtcHTcxd75RbzS1ed54G1LkBUHQVHQKqhMkhgbmJbZRkrgZw4koxb5JaHWkY4ALHY2grBGRjaDMzQLcgJvLJuZZvRcEL',
      ],
      [
        "m/0/2147483647'/1/2147483646'/2",
        'xpub6FnCn6nSzZAw5Tw7cgR9bi15UV96gLZhjDstkXXxvCLsUXBGXPdSnLFbdpq8p9HmGsApME5hQTZ3emM2rnY5agb9rXpVGyy3bdW6EEgAtqt',
      ],
    ];
    for (const [path, xpub] of expected) expect(root.derive(path).publicExtendedKey, path).toBe(xpub);
  });

  it('API.wallets.one-hd-master: the deriver reports the master fingerprint of its seed', () => {
    expect(createDepositAddressDeriver(hexToBytes('000102030405060708090a0b0c0d0e0f')).fingerprint).toBe('3442193e');
    expect(deriver.fingerprint).toBe('73c5da0a'); // the master fingerprint BIP84 lists for its mnemonic
  });
});

describe('API.wallets.btc-bech32-p2wpkh: Bitcoin deposit addresses (BIP84 vectors)', () => {
  it("API.wallets.btc-bech32-p2wpkh: m/84'/0'/0'/0/0 and /1 of the BIP84 mnemonic are the published addresses", () => {
    expect(deriver.deriveDepositAddress('btc', 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(deriver.deriveDepositAddress('btc', 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(deriver.derivationPath('btc', 0)).toBe("m/84'/0'/0'/0/0");
  });

  it("API.wallets.btc-bech32-p2wpkh: the receive chain is BIP84's account 0 (its published zpub), external branch", () => {
    const account = HDKey.fromMasterSeed(seed, { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'");
    expect(account.publicExtendedKey).toBe(
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
    );
    // The change branch (m/84'/0'/0'/1/0 = bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el) is never handed out.
    for (let i = 0; i < 5; i += 1) expect(deriver.deriveDepositAddress('btc', i)).not.toBe('bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el');
  });

  it('API.wallets.btc-bech32-p2wpkh: testnet and regtest use coin type 1 and their own prefixes, only when asked', () => {
    const testnet = createDepositAddressDeriver(seed, { bitcoinNetwork: 'testnet' });
    const regtest = createDepositAddressDeriver(seed, { bitcoinNetwork: 'regtest' });
    expect(testnet.derivationPath('btc', 0)).toBe("m/84'/1'/0'/0/0");
    expect(testnet.deriveDepositAddress('btc', 0)).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(regtest.deriveDepositAddress('btc', 0)).toMatch(/^bcrt1q/);
    expect(isValidAddress('btc', regtest.deriveDepositAddress('btc', 0), { bitcoinNetwork: 'regtest' })).toBe(true);
    expect(deriver.bitcoinNetwork).toBe('mainnet');
  });
});

describe('API.wallets.eth-eip55: Ethereum and ERC-20 deposit addresses', () => {
  it("API.wallets.eth-eip55: m/44'/60'/0'/0/0 of the test mnemonic is its well-known first account, in EIP-55 case", () => {
    expect(deriver.deriveDepositAddress('eth', 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(deriver.derivationPath('eth', 7)).toBe("m/44'/60'/0'/0/7");
  });

  it("API.wallets.erc20-own-index: the tokens derive from Ethereum's key space, so only distinct indices keep their addresses apart", () => {
    for (const token of ['usdt', 'usdc', 'pax']) {
      expect(deriver.deriveDepositAddress(token, 3)).toBe(deriver.deriveDepositAddress('eth', 3));
      expect(deriver.derivationPath(token, 3)).toBe(deriver.derivationPath('eth', 3));
      expect(deriver.deriveDepositAddress(token, 4)).not.toBe(deriver.deriveDepositAddress('eth', 3));
    }
  });
});

describe('API.wallets.sol-slip10: Solana deposit addresses', () => {
  it('API.wallets.sol-slip10: SLIP-0010 ed25519 test vector 1 gives the published keys at every step', () => {
    const master = Slip10Key.fromMasterSeed(hexToBytes('000102030405060708090a0b0c0d0e0f'));
    expect(bytesToHex(master.chainCode)).toBe('90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb');
    const expected: [string, string, string][] = [
      [
        'm',
        '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
        '00a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
      ],
      [
        "m/0'",
        '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
        '008c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
      ],
      [
        "m/0'/1'",
        'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
        '001932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187',
      ],
      [
        "m/0'/1'/2'",
        '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9',
        '00ae98736566d30ed0e9d2f4486a64bc95740d89c7db33f52121f8ea8f76ff0fc1',
      ],
      [
        "m/0'/1'/2'/2'",
        '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662',
        '008abae2d66361c879b900d204ad2cc4984fa2aa344dd7ddc46007329ac76c429c',
      ],
      [
        "m/0'/1'/2'/2'/1000000000'",
        '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
        '003c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a',
      ],
    ];
    for (const [path, privateKey, publicKey] of expected) {
      const key = master.derive(path);
      expect(bytesToHex(key.privateKey), path).toBe(privateKey);
      expect(bytesToHex(key.publicKey), path).toBe(publicKey);
    }
  });

  it("API.wallets.sol-slip10: m/44'/501'/0'/0' of the test mnemonic is the Solana address wallets show for it", () => {
    // The first account Phantom, Solflare and `solana-keygen recover` give for this mnemonic.
    expect(deriver.deriveDepositAddress('sol', 0)).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
    expect(deriver.derivationPath('sol', 5)).toBe("m/44'/501'/5'/0'");
  });
});

describe('API.wallets.one-hd-master: indices, currencies and determinism', () => {
  it('API.wallets.one-hd-master: the same seed and index give the same address; another seed another one', () => {
    const again = createDepositAddressDeriver(mnemonicToSeedSync(TEST_MNEMONIC));
    const other = createDepositAddressDeriver(new Uint8Array(32).fill(1));
    for (const currency of ['btc', 'eth', 'sol']) {
      expect(again.deriveDepositAddress(currency, 42)).toBe(deriver.deriveDepositAddress(currency, 42));
      expect(other.deriveDepositAddress(currency, 42)).not.toBe(deriver.deriveDepositAddress(currency, 42));
    }
  });

  it('API.wallets.one-hd-master: a run of indices gives distinct addresses, each valid for its currency', () => {
    for (const currency of ['btc', 'eth', 'usdt', 'usdc', 'pax', 'sol']) {
      const addresses = Array.from({ length: 20 }, (_, i) => deriver.deriveDepositAddress(currency, i));
      expect(new Set(addresses).size).toBe(20);
      for (const a of addresses) expect(isValidAddress(currency, a), `${currency} ${a}`).toBe(true);
    }
  });

  it('API.wallets.one-hd-master: the highest index works; negative, fractional, unsafe and larger indices throw', () => {
    for (const currency of ['btc', 'eth', 'sol']) {
      expect(isValidAddress(currency, deriver.deriveDepositAddress(currency, MAX_DEPOSIT_INDEX))).toBe(true);
      for (const bad of [-1, 1.5, MAX_DEPOSIT_INDEX + 1, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
        expect(() => deriver.deriveDepositAddress(currency, bad), `${currency} ${bad}`).toThrow(RangeError);
        expect(() => deriver.derivationPath(currency, bad)).toThrow(RangeError);
      }
    }
  });

  it('API.wallets.usd-no-address: usd and unknown currencies derive no address', () => {
    for (const currency of ['usd', 'doge', '', 'BTC', 'constructor']) {
      expect(() => deriver.deriveDepositAddress(currency, 0), currency).toThrow(/has no deposit addresses/);
      expect(() => deriver.derivationPath(currency, 0)).toThrow(/has no deposit addresses/);
    }
  });
});
