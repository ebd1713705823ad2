// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { session } from '../../session/session';
import { createFakeFetch, jsonResponse, type FetchCall } from '../../testing/fake-fetch';
import { renderAt } from '../../testing/render';
import { wireUser } from '../../testing/users';
import { toast } from '../../toast/toast';
import OperatorConsolePage from './OperatorConsolePage';

// The console's large-withdrawal queue: each waiting withdrawal with its customer and date, and
// Approve / Reject sending the decision with the operator's note, then reloading the queue.

const waiting = {
  id: 'w1',
  user_id: 'u1',
  email: 'alice@example.com',
  currency: 'btc',
  amount: '1',
  destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  status: 'pending',
  note: null,
  created_at: '2026-11-24T08:00:00.000Z',
};

let queue = [waiting];
let fake = createFakeFetch(() => jsonResponse(200, {}));

function answer(call: FetchCall): Response {
  if (call.path === paths.operator.withdrawals) return jsonResponse(200, { data: queue });
  if (call.path === paths.operator.withdrawalReview('w1')) {
    const { decision, note } = JSON.parse(String(call.body)) as { decision: string; note: string };
    queue = [];
    return jsonResponse(200, { ...waiting, status: decision === 'approve' ? 'approved' : 'rejected', note });
  }
  if (call.path === paths.operator.eddRequests || call.path === paths.operator.audit) return jsonResponse(200, { data: [] });
  return jsonResponse(404, { title: 'Not Found', status: 404 });
}

beforeEach(() => {
  localStorage.clear();
  session.setUser(wireUser());
  queue = [waiting];
  fake = createFakeFetch(answer);
  vi.stubGlobal('fetch', fake.fetch);
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

for (const [decision, button, status] of [
  ['approve', 'Approve', 'approved'],
  ['reject', 'Reject', 'rejected'],
] as const) {
  test(`API.operator.withdrawal-review: the console lists a waiting withdrawal and ${decision}s it with a note`, async () => {
    renderAt(<OperatorConsolePage />, '/operator');
    const section = screen.getByRole('region', { name: 'Withdrawals waiting for review' });
    const item = await within(section).findByTestId('withdrawal-review');
    expect(item.textContent).toContain('1 BTC to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq for alice@example.com');
    await userEvent.click(within(item).getByRole('button', { name: new RegExp(`^${button} 1 BTC`) }));
    const dialog = screen.getByRole('dialog', { name: `${button} withdrawal of 1 BTC` });
    await userEvent.type(within(dialog).getByLabelText('Review note'), 'Checked the customer.');
    await userEvent.click(within(dialog).getByRole('button', { name: button }));
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(`1 BTC for alice@example.com: ${status}.`));
    const sent = fake.callsTo(paths.operator.withdrawalReview('w1'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ decision, note: 'Checked the customer.' });
    expect(await within(section).findByText('No withdrawals waiting.')).toBeTruthy();
  });
}

test('API.operator.withdrawal-review: without a note nothing is sent', async () => {
  renderAt(<OperatorConsolePage />, '/operator');
  const item = await screen.findByTestId('withdrawal-review');
  await userEvent.click(within(item).getByRole('button', { name: /^Reject/ }));
  const dialog = screen.getByRole('dialog', { name: 'Reject withdrawal of 1 BTC' });
  await userEvent.type(within(dialog).getByLabelText('Review note'), '  ');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(within(dialog).getByText('A note is required.')).toBeTruthy();
  expect(fake.callsTo(paths.operator.withdrawalReview('w1'))).toHaveLength(0);
  expect(screen.getByTestId('withdrawal-review')).toBeTruthy();
});
