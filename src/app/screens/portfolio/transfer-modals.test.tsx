// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { session } from '../../session/session';
import { createFakeFetch, jsonResponse, type FetchCall } from '../../testing/fake-fetch';
import { renderAt } from '../../testing/render';
import { wireUser } from '../../testing/users';
import { ManualTimers } from '../../time/manual-timers';
import { toast } from '../../toast/toast';
import CopyButton from '../money/CopyButton';
import DepositModal from './DepositModal';
import WithdrawModal from './WithdrawModal';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
function byPath(answers: Record<string, (call: FetchCall) => Response>) {
  const fake = createFakeFetch((call) =>
    (answers[`${call.method} ${call.path}`] ?? (() => jsonResponse(404, { title: 'Not Found', status: 404 })))(call),
  );
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

beforeEach(() => {
  localStorage.clear();
  session.setUser(wireUser());
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('deposit modal', () => {
  test('A4.deposit.loads-existing, A2.deposit.header, A2.deposit.qr-code, A9.deposit.qr-width-200-level-m, A2.deposit.warning-text, A3.deposit.address-fields, A7.transfers.wallet-addresses: an existing address with its QR', async () => {
    const fake = byPath({
      [`GET ${paths.transfers.walletAddresses}`]: () => jsonResponse(200, { addresses: [{ currency: 'btc', address: ADDRESS }] }),
    });
    renderAt(<DepositModal currency="btc" name="Bitcoin" onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Deposit Bitcoin (BTC)' })).toBeTruthy();
    expect((await screen.findByTestId('deposit-address')).textContent).toBe(ADDRESS);
    const svg = screen.getByTestId('deposit-qr').querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe('200');
    expect(
      screen.getByText('Only send Bitcoin (BTC) to this address. Sending any other currency may result in the loss of your deposit.'),
    ).toBeTruthy();
    expect(fake.callsTo(paths.transfers.depositAddress('btc'))).toHaveLength(0);
  });

  test('A4.deposit.creates-when-none, A2.deposit.generate-new-address: creates one when none, and a new one on request', async () => {
    let n = 0;
    byPath({
      [`GET ${paths.transfers.walletAddresses}`]: () => jsonResponse(200, { addresses: [] }),
      [`POST ${paths.transfers.depositAddress('eth')}`]: () =>
        jsonResponse(200, { currency: 'eth', address: `0x${String(++n).repeat(40)}` }),
    });
    renderAt(<DepositModal currency="eth" name="Ethereum" onClose={() => {}} />);
    expect((await screen.findByTestId('deposit-address')).textContent).toBe(`0x${'1'.repeat(40)}`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Generate New Address' }));
    await waitFor(() => expect(screen.getByTestId('deposit-address').textContent).toBe(`0x${'2'.repeat(40)}`));
  });

  test('A8.deposit.retrieve-failure-text: the addresses cannot be loaded', async () => {
    byPath({ [`GET ${paths.transfers.walletAddresses}`]: () => jsonResponse(503, { title: 'Service Unavailable', status: 503 }) });
    renderAt(<DepositModal currency="btc" name="Bitcoin" onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Your address could not be retrieved at this time.');
  });

  test('A8.deposit.generate-failure-text, A8.deposit.create-unexpected-text: create refused, or failing unexpectedly', async () => {
    byPath({
      [`GET ${paths.transfers.walletAddresses}`]: () => jsonResponse(200, { addresses: [] }),
      [`POST ${paths.transfers.depositAddress('btc')}`]: () => jsonResponse(500, { title: 'Internal Server Error', status: 500 }),
    });
    renderAt(<DepositModal currency="btc" name="Bitcoin" onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The deposit address could not be generated.');
    cleanup();
    vi.stubGlobal(
      'fetch',
      createFakeFetch((call) => (call.method === 'GET' ? jsonResponse(200, { addresses: [] }) : Promise.reject(new TypeError('boom'))))
        .fetch,
    );
    renderAt(<DepositModal currency="btc" name="Bitcoin" onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /could not be generated|unexpected error occurred while creating your address/,
    );
  });

  test('A2.deposit.copy-address, A9.deposit.copy-feedback-2s: Copied! for 2 s, or Error', async () => {
    const timers = new ManualTimers();
    // userEvent installs its own clipboard; ours replaces it afterwards.
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt(<CopyButton text={ADDRESS} label="Copy address" timers={timers} />);
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Copied!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    act(() => timers.advance(1999));
    expect(screen.getByText('Copied!')).toBeTruthy();
    act(() => timers.advance(1));
    expect(screen.getByText('Copy')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Error')).toBeTruthy();
  });

  test('A4.deposit.resets-on-close: Escape closes the dialog', async () => {
    byPath({ [`GET ${paths.transfers.walletAddresses}`]: () => jsonResponse(200, { addresses: [{ currency: 'btc', address: ADDRESS }] }) });
    const onClose = vi.fn();
    renderAt(<DepositModal currency="btc" name="Bitcoin" onClose={onClose} />);
    await screen.findByTestId('deposit-address');
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('withdraw modal', () => {
  const base = {
    [`GET ${paths.transfers.withdrawFee('btc')}`]: () => jsonResponse(200, { fee: '0.0005' }),
    [`GET ${paths.transfers.withdrawFee('usd')}`]: () => jsonResponse(200, { fee: '5' }),
    [`GET ${paths.security.approvedAddresses}`]: () =>
      jsonResponse(200, {
        withdraw_only_to_approved: true,
        addresses: [
          {
            id: 'a1',
            label: 'Cold wallet',
            currency: 'btc',
            address: ADDRESS,
            status: 'usable',
            created_at: '2026-11-01T00:00:00Z',
            usable_at: '2026-11-02T00:00:00Z',
          },
        ],
      }),
  };

  test('A2.withdraw.fields, A2.withdraw.buttons, A5.withdraw.amount-required, A5.withdraw.address-required, A3.withdrawal.fee-response: fee shown, messages of the spec', async () => {
    const fake = byPath(base);
    renderAt(<WithdrawModal currency="btc" name="Bitcoin" available="1" onClose={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('withdraw-fee').textContent).toBe('Fee: 0.0005 BTC'));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit Withdraw' }));
    expect(await screen.findByText('Amount is required.')).toBeTruthy();
    expect(screen.getByText('A valid recipient address is required.')).toBeTruthy();
    expect(fake.callsTo(paths.transfers.withdraw)).toHaveLength(0);
  });

  test('A5.withdraw.amount-minimum: below 0.0001 is refused', async () => {
    byPath(base);
    renderAt(<WithdrawModal currency="btc" name="Bitcoin" available="1" onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount (BTC)'), '0.00001');
    await user.click(screen.getByRole('button', { name: 'Submit Withdraw' }));
    expect(await screen.findByText('Amount must be greater than 0.')).toBeTruthy();
  });

  test('A5.withdraw.usd-whole-cents: a usd amount below a cent is refused in its field, nothing is sent', async () => {
    const fake = byPath(base);
    renderAt(<WithdrawModal currency="usd" name="US Dollar" available="100" onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount (USD)'), '10.005');
    await user.click(screen.getByRole('button', { name: 'Submit Withdraw' }));
    expect(await screen.findByText('Amount must have up to 2 decimal places.')).toBeTruthy();
    expect(fake.callsTo(paths.transfers.withdraw)).toHaveLength(0);
  });

  test('A2.withdraw.method-or-address, A5.withdraw.transfer-method-required: usd asks for a transfer method', async () => {
    byPath(base);
    renderAt(<WithdrawModal currency="usd" name="US Dollar" available="100" onClose={() => {}} />);
    expect(screen.queryByLabelText('Recipient address')).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount (USD)'), '10');
    await user.click(screen.getByRole('button', { name: 'Submit Withdraw' }));
    expect(await screen.findByText('Please select a transfer method.')).toBeTruthy();
  });

  test('A4.withdraw.success-resets-form, A5.withdraw.memo-optional, A3.withdrawal.response-fields, A7.transfers.withdraw: an approved address is chosen; success resets but keeps the currency', async () => {
    const fake = byPath({
      ...base,
      [`POST ${paths.transfers.withdraw}`]: () => jsonResponse(200, { success: true, message: 'Withdrawal submitted.' }),
    });
    renderAt(<WithdrawModal currency="btc" name="Bitcoin" available="1" onClose={() => {}} />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Approved address'), ADDRESS);
    await user.type(screen.getByLabelText('Amount (BTC)'), '0.1');
    await user.click(screen.getByRole('button', { name: 'Submit Withdraw' }));
    expect((await screen.findByRole('status')).textContent).toBe('Withdrawal submitted.');
    expect(JSON.parse(String(fake.callsTo(paths.transfers.withdraw)[0]!.body))).toEqual({
      currency: 'btc',
      amount: '0.1',
      address: ADDRESS,
    });
    expect((screen.getByLabelText('Amount (BTC)') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Recipient address') as HTMLInputElement).value).toBe('');
  });

  test('A3.withdrawal.request-fields, A3.enums.transfer-types, A7.transfers.withdraw: a usd withdrawal sends its transfer method and memo, no address', async () => {
    const fake = byPath({
      ...base,
      [`POST ${paths.transfers.withdraw}`]: () => jsonResponse(200, { success: true, message: 'Withdrawal submitted.' }),
    });
    renderAt(<WithdrawModal currency="usd" name="US Dollar" available="100" onClose={() => {}} />);
    const user = userEvent.setup();
    const method = screen.getByLabelText('Transfer method');
    expect(
      within(method)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a transfer method', 'ACH Transfer', 'Wire Transfer']);
    await user.type(screen.getByLabelText('Amount (USD)'), '10');
    await user.selectOptions(method, 'Wire Transfer');
    await user.type(screen.getByLabelText('Memo (optional)'), 'rent');
    await user.click(screen.getByRole('button', { name: 'Submit Withdraw' }));
    expect((await screen.findByRole('status')).textContent).toBe('Withdrawal submitted.');
    expect(JSON.parse(String(fake.callsTo(paths.transfers.withdraw)[0]!.body))).toEqual({
      currency: 'usd',
      amount: '10',
      memo: 'rent',
      transferType: 'wire',
    });
  });

  test('A8.withdraw.failure-text: a failure without a server message', async () => {
    byPath({ ...base, [`POST ${paths.transfers.withdraw}`]: () => jsonResponse(500, {}) });
    renderAt(<WithdrawModal currency="btc" name="Bitcoin" available="1" onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount (BTC)'), '0.1');
    await user.type(screen.getByLabelText('Recipient address'), ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Submit Withdraw' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred during withdrawal. Please try again.');
  });
});
