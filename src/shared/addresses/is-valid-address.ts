import { addressChainOf } from './address-chains';
import { isValidBitcoinAddress, type BitcoinNetwork } from './bitcoin-address';
import { isValidEthereumAddress } from './ethereum-address';
import { isValidSolanaAddress } from './solana-address';

export interface AddressOptions {
  /** The Bitcoin network the exchange runs on (the server's BITCOIN_NETWORK); mainnet by default. */
  bitcoinNetwork?: BitcoinNetwork;
}

/**
 * Whether `address` is a recipient address of `currency`, checksum included: false for usd,
 * for an unknown currency and for anything not exactly an address (no trimming here: callers
 * trim what a user typed before asking).
 */
export function isValidAddress(currency: string, address: string, options: AddressOptions = {}): boolean {
  switch (addressChainOf(currency)) {
    case 'bitcoin':
      return isValidBitcoinAddress(address, options.bitcoinNetwork);
    case 'ethereum':
      return isValidEthereumAddress(address);
    case 'solana':
      return isValidSolanaAddress(address);
    default:
      return false;
  }
}
