// Which chain carries each currency that has addresses. usd has none: it arrives and leaves by
// wire or ACH. The ERC-20 tokens live on Ethereum and use Ethereum's address format and keys.

export type AddressChain = 'bitcoin' | 'ethereum' | 'solana';

export const addressChains: Readonly<Record<string, AddressChain>> = {
  btc: 'bitcoin',
  eth: 'ethereum',
  usdt: 'ethereum',
  usdc: 'ethereum',
  pax: 'ethereum',
  sol: 'solana',
};

/** The chain of a currency's addresses, or undefined for a currency without addresses (usd, unknown). */
export function addressChainOf(currency: string): AddressChain | undefined {
  return Object.hasOwn(addressChains, currency) ? addressChains[currency] : undefined;
}
