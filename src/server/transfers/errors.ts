// The money-in-and-out entries of the one error catalogue (merged into src/server/errors/
// catalogue.ts); this file must not import from ../errors (the catalogue imports it).
// 400 the request breaks a rule; 404 nothing of that id for this user; 409 the thing is in a
// state that forbids it; 422 well-formed but refused by a limit or a setting.

export const transferErrors = {
  currency_no_address: { status: 400, detail: 'This currency has no deposit address: USD arrives by wire or ACH.' },
  deposit_address_unknown: { status: 404, detail: 'No deposit address of ours matches this address.' },
  withdraw_address_not_approved: {
    status: 422,
    detail:
      'Withdrawals are limited to your approved addresses. Add this address under Approved Addresses, confirm it with the emailed code and wait for its 24-hour cool-down, or turn the restriction off.',
  },
  withdraw_address_cooling_down: { status: 422, detail: 'This approved address is still in its 24-hour cool-down.' },
  ach_not_onboarded: { status: 409, detail: 'ACH transfers need a completed ACH onboarding.' },
  bank_account_required: { status: 409, detail: 'Wire withdrawals need an active (verified) bank account.' },
  bank_account_exists: { status: 409, detail: 'You already have a bank account for this currency. Remove it before adding another.' },
  bank_account_not_found: { status: 404, detail: 'No bank account found.' },
  bank_account_not_active: { status: 409, detail: 'This bank account is not verified yet.' },
  bank_account_already_active: { status: 409, detail: 'This bank account is already verified.' },
  bank_verify_wrong: { status: 400, detail: 'The amounts do not match the two micro-deposits.' },
  bank_verify_locked: {
    status: 409,
    detail: 'Verification is locked after 3 wrong tries. Remove the bank account and add it again to receive new micro-deposits.',
  },
  bank_account_busy: { status: 409, detail: 'This bank account has a pending withdrawal and cannot be removed until it completes.' },
  ach_limit_exceeded: { status: 422, detail: 'This deposit would exceed your weekly ACH deposit limit.' },
  approved_address_not_found: { status: 404, detail: 'Approved address not found.' },
  approved_address_exists: { status: 409, detail: 'This address is already in your approved addresses.' },
  approved_address_confirmed: { status: 409, detail: 'This address is already confirmed.' },
  wire_reference_unknown: { status: 404, detail: 'No account has this wire reference id.' },
} as const;
