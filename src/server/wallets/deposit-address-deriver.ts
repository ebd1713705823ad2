import { HDKey } from '@scure/bip32';
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js';
import { addressChainOf, type AddressChain } from '../../shared/addresses/address-chains';
import type { BitcoinNetwork } from '../../shared/addresses/bitcoin-address';
import { ethereumAddress, p2wpkhAddress, solanaAddress } from './address-encoding';

// Deposit addresses, derived from the one master seed (wallet-seed.ts) by index: never random,
// so the seed alone restores every key, and an address is recomputed from its index at will.
//
// Paths, each the one standard wallets use, so any of them restores the keys from the mnemonic:
// - btc: BIP84 native segwit, m/84'/0'/0'/0/i (coin type 1 on testnet and regtest), P2WPKH.
// - eth, usdt, usdc, pax: BIP44, m/44'/60'/0'/0/i, EIP-55 addresses.
// - sol: m/44'/501'/i'/0', SLIP-0010 ed25519 (every level hardened, as ed25519 requires; the
//   path of Phantom, Solflare and `solana-keygen`).
//
// Index allocation (the table that records it comes with the deposit routes):
// - Indices are counted per chain (addressChainOf: bitcoin, ethereum, solana), not per user: the
//   next index of a chain is one more than the highest ever handed out on it, across all users
//   and currencies, taken in the same transaction that stores the row
//   (user, currency, chain, index, address), with (chain, index) and address unique.
// - A user's current address for a currency is the newest row of that user and currency; the
//   first deposit-address request allocates it, and "Generate New Address" allocates a fresh
//   one. An index is never reused or reassigned: older addresses stay the user's, and deposits
//   to them are still credited to that user and currency.
// - The ERC-20 tokens share Ethereum's key space but not its addresses: usdt, usdc and pax each
//   get their own index from the ethereum counter, so every (user, currency) pair has addresses
//   of its own. A new USDT address leaves the user's ETH address as it is, an address tells
//   the chain watcher which currency the user meant, and a token sent to the "wrong" address of
//   ours (USDC to a USDT address) still lands on a key we hold and a known user.
// - Should BIP32 ever give no key at an index (odds about 1 in 2^127), derivation throws and
//   the allocator takes the next index, as BIP32 prescribes.

/** Indices are below 2^31: above that BIP32 numbers hardened children. */
export const MAX_DEPOSIT_INDEX = 0x7fffffff;

export interface DepositAddressDeriverOptions {
  /** mainnet (the default) gives bc1 addresses; testnet tb1 and regtest bcrt1, under coin type 1. */
  bitcoinNetwork?: BitcoinNetwork;
}

export interface DepositAddressDeriver {
  /**
   * The deposit address of `currency` at `index` (0 ≤ index ≤ MAX_DEPOSIT_INDEX). Throws for a
   * currency without addresses (usd, unknown ones) and for an index out of range.
   */
  deriveDepositAddress(currency: string, index: number): string;
  /** The derivation path of that address, for the records and for recovery with a standard wallet. */
  derivationPath(currency: string, index: number): string;
  /**
   * The BIP32 fingerprint of the master key (8 hex digits). Stored beside the allocated
   * addresses, it lets the server notice at start that wallet.seed is not the one they came from.
   */
  readonly fingerprint: string;
  readonly bitcoinNetwork: BitcoinNetwork;
}

function chainOrThrow(currency: string): AddressChain {
  const chain = addressChainOf(currency);
  if (!chain) throw new Error(`${currency} has no deposit addresses`);
  return chain;
}

function checkIndex(index: number): void {
  if (!Number.isSafeInteger(index) || index < 0 || index > MAX_DEPOSIT_INDEX) {
    throw new RangeError(`A deposit address index is a whole number from 0 to ${MAX_DEPOSIT_INDEX}; got ${index}`);
  }
}

export function createDepositAddressDeriver(seed: Uint8Array, options: DepositAddressDeriverOptions = {}): DepositAddressDeriver {
  const bitcoinNetwork = options.bitcoinNetwork ?? 'mainnet';
  const coinType = bitcoinNetwork === 'mainnet' ? 0 : 1;
  const accountPaths: Record<AddressChain, string> = {
    bitcoin: `m/84'/${coinType}'/0'/0`,
    ethereum: `m/44'/60'/0'/0`,
    solana: `m/44'/501'`,
  };

  const root = HDKey.fromMasterSeed(seed);
  // The receive chains of Bitcoin and Ethereum are derived once and kept without their private
  // keys: every address below them is a public (non-hardened) child.
  const publicChain = (path: string) => root.derive(path).wipePrivateData();
  const bitcoinReceive = publicChain(accountPaths.bitcoin);
  const ethereumReceive = publicChain(accountPaths.ethereum);
  // ed25519 has no public derivation: Solana's hardened children need the private parent.
  const solanaCoin = Slip10Key.fromMasterSeed(seed).derive(accountPaths.solana);
  const fingerprint = root.fingerprint.toString(16).padStart(8, '0');
  root.wipePrivateData();

  return {
    fingerprint,
    bitcoinNetwork,
    derivationPath(currency, index) {
      const chain = chainOrThrow(currency);
      checkIndex(index);
      return chain === 'solana' ? `${accountPaths.solana}/${index}'/0'` : `${accountPaths[chain]}/${index}`;
    },
    deriveDepositAddress(currency, index) {
      const chain = chainOrThrow(currency);
      checkIndex(index);
      switch (chain) {
        case 'bitcoin':
          return p2wpkhAddress(bitcoinReceive.deriveChild(index).publicKey!, bitcoinNetwork);
        case 'ethereum':
          return ethereumAddress(ethereumReceive.deriveChild(index).publicKey!);
        case 'solana':
          return solanaAddress(solanaCoin.derive(`m/${index}'/0'`).publicKeyRaw);
      }
    },
  };
}
