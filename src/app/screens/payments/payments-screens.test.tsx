// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { session } from '../../session/session';
import { createFakeFetch, jsonResponse, type FetchCall } from '../../testing/fake-fetch';
import { renderAt } from '../../testing/render';
import { wireUser } from '../../testing/users';
import { toast } from '../../toast/toast';
import AchOnboardingPage from './AchOnboardingPage';
import BankAccountPage from './BankAccountPage';
import WireInstructionsPage from './WireInstructionsPage';

function byPath(answers: Record<string, (call: FetchCall) => Response>) {
  const fake = createFakeFetch((call) =>
    (answers[`${call.method} ${call.path}`] ?? (() => jsonResponse(404, { title: 'Not Found', status: 404 })))(call),
  );
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}
const account = (over: Record<string, unknown> = {}) => ({
  id: 1,
  bank_name: 'First Bank',
  account_number: '****6789',
  routing_number: '021000021',
  currency: 'usd',
  type: 'checking',
  name1: 'Ada Lovelace',
  status: 'pending',
  display_id: 'ba_1',
  verification_attempts_left: 3,
  ...over,
});

beforeEach(() => {
  session.setUser(wireUser());
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('bank account', () => {
  test('A2.bank-account.none-shows-create-form, A5.bank-account.domestic-fields, A3.bank-account.create-payload, A7.payments.bank-account-create, A8.forms.field-errors-name-the-label: create form', async () => {
    let created = false;
    const fake = byPath({
      [`GET ${paths.payments.bankAccount}`]: () => jsonResponse(200, created ? { usd: [account()] } : {}),
      [`POST ${paths.payments.bankAccount}`]: () => ((created = true), jsonResponse(200, { success: true })),
    });
    renderAt(<BankAccountPage />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Add a bank account' });
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    expect(await screen.findByText('Routing number is required.')).toBeTruthy();
    expect(screen.getByText('Wire routing number is required.')).toBeTruthy();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Account number'), '123456789');
    await user.type(screen.getByLabelText('Routing number'), '021000021');
    await user.type(screen.getByLabelText('Wire routing number'), '021000021');
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    expect(await screen.findByRole('heading', { name: 'Verify your bank account' })).toBeTruthy();
    expect(JSON.parse(String(fake.callsTo(paths.payments.bankAccount).find((c) => c.method === 'POST')!.body))).toMatchObject({
      type: 'individual',
      bank_account_type: 'checking',
      is_international: false,
      enable_wires: true,
      routing_number: '021000021',
      bank_currency: 'usd',
    });
  });

  test('A2.bank-account.unverified-shows-verify-form, A4.bank-account.verify-reloads, A3.bank-account.verify-payload, A3.bank-account.status-active, A7.payments.bank-account-verify: verify then active details', async () => {
    let active = false;
    const fake = byPath({
      [`GET ${paths.payments.bankAccount}`]: () => jsonResponse(200, { usd: [account(active ? { status: 'active' } : {})] }),
      [`POST ${paths.payments.bankAccountVerify}`]: () => ((active = true), jsonResponse(200, account({ status: 'active' }))),
    });
    renderAt(<BankAccountPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First amount (USD)'), '0.12');
    await user.type(screen.getByLabelText('Second amount (USD)'), '0.34');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Your bank account' })).toBeTruthy();
    expect(JSON.parse(String(fake.callsTo(paths.payments.bankAccountVerify)[0]!.body))).toEqual({ amount1: '0.12', amount2: '0.34' });
  });

  test('A2.bank-account.active-shows-details, A4.bank-account.remove-clears, A7.payments.bank-account-delete, A7.payments.bank-account-list: Remove clears it', async () => {
    let removed = false;
    byPath({
      [`GET ${paths.payments.bankAccount}`]: () => jsonResponse(200, removed ? {} : { usd: [account({ status: 'active' })] }),
      [`DELETE ${paths.payments.bankAccount}`]: () => ((removed = true), jsonResponse(200, { success: true })),
    });
    renderAt(<BankAccountPage />);
    const user = userEvent.setup();
    expect(await screen.findByText('First Bank')).toBeTruthy();
    // The type reads as a word, not as its code.
    expect(screen.getByText('Type').nextElementSibling?.textContent).toBe('Checking');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('heading', { name: 'Add a bank account' })).toBeTruthy();
  });
});

test('A2.wire-instructions.fields, A3.wire-instructions.fields: every field with a copy button', async () => {
  byPath({
    [`GET ${paths.payments.wireInstructions}`]: () =>
      jsonResponse(200, {
        beneficiary_name: 'Exchange Ltd',
        beneficiary_address: '1 Main St',
        bank_name: 'Receiving Bank',
        bank_address: '2 Bank St',
        bank_routing_swift: 'RBNKUS33',
        bank_routing_number: '021000021',
        bank_account_number: '000123',
        reference_id: 'REF-42',
      }),
  });
  renderAt(<WireInstructionsPage />);
  for (const [key, value] of [
    ['beneficiary_name', 'Exchange Ltd'],
    ['beneficiary_address', '1 Main St'],
    ['bank_name', 'Receiving Bank'],
    ['bank_address', '2 Bank St'],
    ['bank_routing_swift', 'RBNKUS33'],
    ['bank_routing_number', '021000021'],
    ['bank_account_number', '000123'],
    ['reference_id', 'REF-42'],
  ] as const) {
    const dd = await screen.findByTestId(`wire-${key}`);
    expect(within(dd).getByText(value)).toBeTruthy();
    expect(within(dd).getByRole('button')).toBeTruthy();
  }
});

test('A2.ach.offered-when-not-accepted, A2.ach.success-text, A4.ach.success-reloads, A3.ach.fields, A7.payments.ach-agreement-status, A7.payments.ach-deposit-limit, A7.payments.ach-onboarding, A9.ach.weekly-limit-from-server: onboarding with a bank account, then the limit and deposit', async () => {
  let accepted = false;
  const fake = byPath({
    [`GET ${paths.payments.achAgreementStatus}`]: () => jsonResponse(200, { dwolla: accepted }),
    [`GET ${paths.payments.achDepositLimit}`]: () => jsonResponse(200, { weekly_deposit_limit: '25000' }),
    [`GET ${paths.payments.bankAccount}`]: () => jsonResponse(200, { usd: [account({ status: 'active' })] }),
    [`POST ${paths.payments.achOnboarding}`]: () => (
      (accepted = true),
      jsonResponse(200, { success: true, message: 'ACH Onboarding completed successfully.' })
    ),
  });
  renderAt(<AchOnboardingPage />);
  const user = userEvent.setup();
  expect((await screen.findByTestId('ach-weekly-limit')).textContent).toBe('Weekly ACH deposit limit: $25,000');
  await user.selectOptions(await screen.findByLabelText('Bank account'), 'ba_1');
  await user.click(screen.getByRole('button', { name: 'Accept and complete onboarding' }));
  expect((await screen.findByRole('status')).textContent).toBe('ACH Onboarding completed successfully.');
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Deposit by ACH' })).toBeTruthy());
  expect(JSON.parse(String(fake.callsTo(paths.payments.achOnboarding)[0]!.body))).toEqual({ bank_account_display_id: 'ba_1' });
  expect(fake.callsTo(paths.payments.achAgreementStatus).length).toBe(2);
});

test('A8.ach.onboarding-failure: a failed onboarding after a success hides the success message', async () => {
  let attempts = 0;
  byPath({
    [`GET ${paths.payments.achAgreementStatus}`]: () => jsonResponse(200, { dwolla: false }),
    [`GET ${paths.payments.achDepositLimit}`]: () => jsonResponse(200, { weekly_deposit_limit: '25000' }),
    [`GET ${paths.payments.bankAccount}`]: () => jsonResponse(200, { usd: [account({ status: 'active' })] }),
    [`POST ${paths.payments.achOnboarding}`]: () =>
      ++attempts === 1
        ? jsonResponse(200, { success: true })
        : jsonResponse(500, { title: 'Internal server error', status: 500, detail: 'Dwolla is down.' }),
  });
  renderAt(<AchOnboardingPage />);
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText('Bank account'), 'ba_1');
  await user.click(screen.getByRole('button', { name: 'Accept and complete onboarding' }));
  expect(await screen.findByText('ACH Onboarding completed successfully.')).toBeTruthy();
  await user.selectOptions(await screen.findByLabelText('Bank account'), 'ba_1');
  await user.click(screen.getByRole('button', { name: 'Accept and complete onboarding' }));
  expect(await screen.findByText('Dwolla is down.')).toBeTruthy();
  expect(screen.queryByText('ACH Onboarding completed successfully.')).toBeNull();
});

test('A8.ach.status-failure: a failed status load only ends the loading state', async () => {
  byPath({
    [`GET ${paths.payments.achAgreementStatus}`]: () => jsonResponse(500, { title: 'Internal server error', status: 500 }),
    [`GET ${paths.payments.achDepositLimit}`]: () => jsonResponse(200, { weekly_deposit_limit: '25000' }),
    [`GET ${paths.payments.bankAccount}`]: () => jsonResponse(200, { usd: [account({ status: 'active' })] }),
  });
  renderAt(<AchOnboardingPage />);
  expect(await screen.findByLabelText('Bank account')).toBeTruthy();
  expect(screen.queryByText('Loading ACH status...')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(toast.error).not.toHaveBeenCalled();
});

test('A8.forms.stale-outcome-cleared: the message of a refused ACH deposit goes when the next attempt is refused by the form itself', async () => {
  byPath({
    [`GET ${paths.payments.achAgreementStatus}`]: () => jsonResponse(200, { dwolla: true }),
    [`GET ${paths.payments.achDepositLimit}`]: () => jsonResponse(200, { weekly_deposit_limit: '25000' }),
    [`GET ${paths.payments.bankAccount}`]: () => jsonResponse(200, { usd: [account({ status: 'active' })] }),
    [`POST ${paths.payments.achDeposit}`]: () =>
      jsonResponse(422, { title: 'Unprocessable', status: 422, detail: 'This deposit would exceed your weekly ACH deposit limit.' }),
  });
  renderAt(<AchOnboardingPage />);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Amount (USD)'), '30000');
  await user.click(screen.getByRole('button', { name: 'Deposit' }));
  expect((await screen.findByRole('alert')).textContent).toBe('This deposit would exceed your weekly ACH deposit limit.');
  await user.clear(screen.getByLabelText('Amount (USD)'));
  await user.type(screen.getByLabelText('Amount (USD)'), '1.234');
  await user.click(screen.getByRole('button', { name: 'Deposit' }));
  expect(await screen.findByText('Amount (USD) must have up to 2 decimal places.')).toBeTruthy();
  expect(screen.queryByText('This deposit would exceed your weekly ACH deposit limit.')).toBeNull();
});
