// Spec A §2 navigation (plus spec B's trading screen). Data only; DesktopNav and MobileMenu
// render the same entries.

export interface NavItem {
  label: string;
  to: string;
}

export interface NavGroup {
  id: string;
  label: string;
  items: readonly NavItem[];
}

export const primaryLinks: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Exchange', to: '/exchange' },
  { label: 'Transactions', to: '/my/transactions' },
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'Fee Rates', to: '/fee-rates' },
];

export const navGroups: readonly NavGroup[] = [
  {
    id: 'payment',
    label: 'Payment',
    items: [
      { label: 'Bank Account', to: '/payments/bank-account' },
      { label: 'Wire Instructions', to: '/payments/wire-instructions' },
      { label: 'ACH Onboarding', to: '/payments/ach-onboarding' },
    ],
  },
  { id: 'security', label: 'Security', items: [{ label: 'Approved Addresses', to: '/security/approved-addresses' }] },
];

export const MARKET_NEWS_PATH = '/market';

/** "Only one open at a time": opening one closes the other; choosing the open one closes it. */
export function toggleOpen(current: string | null, id: string): string | null {
  return current === id ? null : id;
}
