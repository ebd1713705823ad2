// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { ApprovedAddressWire } from '../../../shared/api/approved-addresses';
import { paths } from '../../../shared/api/paths';
import { session } from '../../session/session';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch';
import { renderAt } from '../../testing/render';
import { wireUser } from '../../testing/users';
import { toast } from '../../toast/toast';
import ApprovedAddressesPage from './ApprovedAddressesPage';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

beforeEach(() => {
  session.setUser(wireUser());
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('A1.security.approved-addresses-screen, API.approved-addresses.code-then-cooldown, A8.forms.empty-currency-is-required: add, confirm with the mailed code, see the cool-down, set the restriction, remove', async () => {
  let book: ApprovedAddressWire[] = [];
  let only = false;
  const fake = createFakeFetch((call) => {
    const key = `${call.method} ${call.path}`;
    const body = call.body ? (JSON.parse(String(call.body)) as Record<string, unknown>) : {};
    if (key === `GET ${paths.account.currencies}`)
      return jsonResponse(200, [{ symbol: 'btc', name: 'Bitcoin', is_fiat: 0, trading_enabled: 1 }]);
    if (key === `GET ${paths.security.approvedAddresses}`) return jsonResponse(200, { addresses: book, withdraw_only_to_approved: only });
    if (key === `POST ${paths.security.approvedAddresses}`) {
      const added = {
        id: 'a1',
        label: String(body.label),
        currency: String(body.currency),
        address: String(body.address),
        status: 'unconfirmed',
        created_at: '2026-11-24T06:00:00Z',
        usable_at: null,
      };
      book = [added];
      return jsonResponse(201, added);
    }
    if (key === `POST ${paths.security.approvedAddressConfirm('a1')}`) {
      if (body.code !== '123456') return jsonResponse(400, { title: 'Bad Request', status: 400, detail: 'The code is incorrect.' });
      book = [{ ...book[0]!, status: 'cooling_down', usable_at: '2026-11-25T06:00:00Z' }];
      only = true;
      return jsonResponse(200, book[0]);
    }
    if (key === `PUT ${paths.security.approvedAddressSettings}`) {
      only = body.withdraw_only_to_approved === true;
      return jsonResponse(200, {
        addresses: book,
        withdraw_only_to_approved: only,
        restriction_lifts_at: only ? null : '2026-11-25T06:00:00Z',
      });
    }
    if (key === `DELETE ${paths.security.approvedAddress('a1')}`) {
      book = [];
      return jsonResponse(200, { success: true });
    }
    return jsonResponse(404, { title: 'Not Found', status: 404 });
  });
  vi.stubGlobal('fetch', fake.fetch);
  renderAt(<ApprovedAddressesPage />);
  const user = userEvent.setup();

  expect(await screen.findByText('No approved addresses yet.')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Add address' }));
  expect(await screen.findByText('Label is required.')).toBeTruthy();
  expect(screen.getByText('Currency is required.')).toBeTruthy();
  await user.type(screen.getByLabelText('Label'), 'Cold wallet');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Bitcoin (BTC)' })).toBeTruthy());
  await user.selectOptions(screen.getByLabelText('Currency'), 'btc');
  await user.type(screen.getByLabelText('Address'), ADDRESS);
  await user.click(screen.getByRole('button', { name: 'Add address' }));

  const item = await screen.findByTestId('approved-a1');
  expect(within(item).getByText('Waiting for the emailed code')).toBeTruthy();
  await user.type(within(item).getByLabelText(/Code emailed for/), '654321');
  await user.click(within(item).getByRole('button', { name: 'Confirm' }));
  expect((await within(item).findByRole('alert')).textContent).toBe('The code is incorrect.');
  await user.clear(within(item).getByLabelText(/Code emailed for/));
  await user.type(within(item).getByLabelText(/Code emailed for/), '123456');
  await user.click(within(item).getByRole('button', { name: 'Confirm' }));
  expect(await within(await screen.findByTestId('approved-a1')).findByText(/^Cooling down: usable from/)).toBeTruthy();
  expect((screen.getByRole('checkbox', { name: 'Withdraw only to approved addresses' }) as HTMLInputElement).checked).toBe(true);

  await user.click(screen.getByRole('checkbox', { name: 'Withdraw only to approved addresses' }));
  await waitFor(() =>
    expect(JSON.parse(String(fake.callsTo(paths.security.approvedAddressSettings)[0]!.body))).toEqual({ withdraw_only_to_approved: false }),
  );

  await user.click(screen.getByRole('button', { name: 'Remove Cold wallet' }));
  expect(await screen.findByText('No approved addresses yet.')).toBeTruthy();
});
