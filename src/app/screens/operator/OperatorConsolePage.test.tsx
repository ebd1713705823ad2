// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { session } from '../../session/session';
import { createFakeFetch, jsonResponse, type FakeFetch } from '../../testing/fake-fetch';
import { wireUser } from '../../testing/users';
import { toast } from '../../toast/toast';
import OperatorConsolePage from './OperatorConsolePage';

// The note of an operator decision is asked for in an in-page dialog, never by window.prompt.

const request = {
  id: 'r1',
  user_id: 'u1',
  email: 'ada@example.com',
  required_form: 'individual-v1',
  status: 'Submitted',
  date_added: '2025-01-01T12:00:00.000Z',
};
const withdrawal = {
  id: 'w1',
  user_id: 'u2',
  currency: 'btc',
  amount: '12.5',
  destination: 'bc1qexampleaddress',
  status: 'pending',
  note: null,
  created_at: '2025-01-01T12:00:00.000Z',
};

let fake: FakeFetch;

beforeEach(() => {
  session.setUser(wireUser());
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
  vi.spyOn(window, 'prompt').mockImplementation(() => {
    throw new Error('window.prompt must not be used');
  });
  fake = createFakeFetch((call) => {
    if (call.path === paths.operator.eddRequests) return jsonResponse(200, { data: [request] });
    if (call.path === paths.operator.eddRequest('r1'))
      return jsonResponse(200, { ...request, responses: [{ id: 'occupation', response: 'Engineer' }], files: [], review_note: null });
    if (call.path === paths.operator.eddReview('r1'))
      return jsonResponse(200, { id: 'r1', status: 'Approved', enhanced_due_diligence_required: false });
    if (call.path === paths.operator.withdrawals) return jsonResponse(200, { data: [withdrawal] });
    if (call.path === paths.operator.withdrawalReview('w1')) return jsonResponse(200, { ...withdrawal, status: 'approved', note: 'ok' });
    if (call.path === paths.operator.audit) return jsonResponse(200, { data: [] });
    if (call.path === paths.account.currencies)
      return jsonResponse(200, [
        { symbol: 'USD', name: 'US Dollar', is_fiat: 1, trading_enabled: 1 },
        { symbol: 'BTC', name: 'Bitcoin', is_fiat: 0, trading_enabled: 1 },
      ]);
    if (call.path === paths.operator.wireCredits)
      return jsonResponse(200, { reference: 'WIRE-0001', user_id: 'u9', currency: 'usd', amount: '2500.00', balance: '2500.00' });
    return jsonResponse(404, { title: 'Not found', status: 404 });
  });
  vi.stubGlobal('fetch', fake.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The console as the app shows it: inside the layout's main landmark. */
const renderPage = () =>
  render(
    <main>
      <OperatorConsolePage />
    </main>,
  );

const posts = (path: string) => fake.callsTo(path).filter((c) => c.method === 'POST');

async function openRequest(user: ReturnType<typeof userEvent.setup>) {
  renderPage();
  await user.click(await screen.findByRole('button', { name: /Review ada@example\.com/ }));
  return screen.findByRole('region', { name: 'Request of ada@example.com' });
}

/** axe-core on the rendered page (colour contrast needs layout, which jsdom has not). */
async function expectNoAxeViolations(): Promise<void> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('API.operator.note-dialog: the note of a decision', () => {
  it('API.operator.note-dialog, API.operator.edd-review: a labelled, modal dialog with the note field focused; an empty note is refused and sends nothing', async () => {
    const user = userEvent.setup();
    const region = await openRequest(user);
    await user.click(within(region).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the request of ada@example.com' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const note = within(dialog).getByLabelText('Review note');
    expect(document.activeElement).toBe(note);
    await expectNoAxeViolations();

    await user.type(note, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByText('A note is required.')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(note.getAttribute('aria-describedby')).toBe(within(dialog).getByText('A note is required.').id);
    expect(document.activeElement).toBe(note);
    expect(posts(paths.operator.eddReview('r1'))).toHaveLength(0);
    await expectNoAxeViolations();
    // axe over the whole page twice is slow in jsdom on a busy machine.
  }, 60_000);

  it('API.operator.note-dialog: Escape and Cancel close the dialog without deciding, and focus returns to the button that opened it', async () => {
    const user = userEvent.setup();
    const region = await openRequest(user);
    const approve = within(region).getByRole('button', { name: 'Approve' });
    await user.click(approve);
    await user.type(screen.getByLabelText('Review note'), 'Half a thought');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(approve);

    const reject = within(region).getByRole('button', { name: 'Reject' });
    await user.click(reject);
    const dialog = screen.getByRole('dialog', { name: 'Reject the request of ada@example.com' });
    // A new dialog starts empty: the note of the one dismissed is not carried over.
    expect((within(dialog).getByLabelText('Review note') as HTMLTextAreaElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(reject);
    expect(posts(paths.operator.eddReview('r1'))).toHaveLength(0);
  });

  it('API.operator.note-dialog, API.operator.edd-review: confirming sends the decision with the trimmed note and closes the dialog', async () => {
    const user = userEvent.setup();
    const region = await openRequest(user);
    await user.click(within(region).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Review note'), '  Passport matches.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByText('ada@example.com: Approved.');
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = posts(paths.operator.eddReview('r1'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ decision: 'approve', note: 'Passport matches.' });
  });

  it('API.operator.note-dialog, API.operator.withdrawal-review: a withdrawal decision asks for its note the same way', async () => {
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('region', { name: 'Withdrawals waiting for review' });
    await user.click(await within(list).findByRole('button', { name: /^Reject 12\.5 BTC/ }));
    const dialog = screen.getByRole('dialog', { name: 'Reject withdrawal of 12.5 BTC' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('A note is required.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Review note'), 'Destination under review.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = posts(paths.operator.withdrawalReview('w1'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ decision: 'reject', note: 'Destination under review.' });
    expect(window.prompt).not.toHaveBeenCalled();
  });
});

describe('API.operator.forms-validated', () => {
  it('sent empty, every field of the operator forms names what it needs and nothing is sent', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Credit' }));
    await user.click(screen.getByRole('button', { name: 'Require EDD' }));
    await user.click(screen.getByRole('button', { name: 'Show ledger' }));
    const wire = screen.getByRole('form', { name: 'Credit a wire deposit' });
    expect(await within(wire).findByText('Currency is required.')).toBeTruthy();
    expect(within(wire).getByText('User id is required.')).toBeTruthy();
    expect(within(wire).getByText('Amount is required.')).toBeTruthy();
    expect(within(wire).getByText('Wire reference is required.')).toBeTruthy();
    const edd = screen.getByRole('form', { name: 'Require EDD' });
    expect(within(edd).getByText('User id is required.')).toBeTruthy();
    expect(within(edd).getByText('A note is required.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'User ledger' }).textContent).toContain('User id is required.');
    expect(posts(paths.operator.wireCredits)).toHaveLength(0);
    expect(posts(paths.operator.requireEdd)).toHaveLength(0);
    expect(fake.callsTo(paths.operator.ledger)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('a wire credit picks its currency from the list and sends the trimmed values; the card says what was credited', async () => {
    const user = userEvent.setup();
    renderPage();
    const wire = screen.getByRole('form', { name: 'Credit a wire deposit' });
    await within(wire).findByRole('option', { name: 'US Dollar (USD)' });
    await user.type(within(wire).getByLabelText('User id'), ' u9 ');
    await user.selectOptions(within(wire).getByLabelText('Currency'), 'usd');
    await user.type(within(wire).getByLabelText('Amount'), '2500.00');
    await user.type(within(wire).getByLabelText('Wire reference'), 'WIRE-0001');
    await user.click(within(wire).getByRole('button', { name: 'Credit' }));
    expect(await within(wire).findByRole('status')).toHaveProperty('textContent', 'Credited 2500.00 USD (WIRE-0001); balance 2500.00.');
    const [sent] = posts(paths.operator.wireCredits);
    expect(JSON.parse(String(sent!.body))).toEqual({ userId: 'u9', currency: 'usd', amount: '2500.00', reference: 'WIRE-0001' });
    expect((within(wire).getByLabelText('Amount') as HTMLInputElement).value).toBe('');
  });
});
