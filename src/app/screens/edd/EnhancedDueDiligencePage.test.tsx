// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../session/session';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch';
import { wireUser } from '../../testing/users';
import EnhancedDueDiligencePage from './EnhancedDueDiligencePage';

const prompts = [
  {
    id: 'source',
    prompt: 'Source of funds',
    response_type: 'Single-Select',
    response_options: ['Savings', 'Salary'],
    is_required: true,
    optional_free_form: 'Describe the funds',
  },
  { id: 'job', prompt: 'Occupation', response_type: 'Free-Form', is_required: false },
  { id: 'passport', prompt: 'Identity document', prompt_type: 'Identification', response_type: 'File-Upload', is_required: false },
];
const requests = [{ required_form: 'individual-v1', status: 'Submitted', date_added: '2026-11-20T10:00:00.000Z' }];

let submitStatus = 200;
let fake: ReturnType<typeof createFakeFetch>;

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/enhanced-due-diligence', element: <EnhancedDueDiligencePage /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: ['/enhanced-due-diligence'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  session.setUser(wireUser());
  submitStatus = 200;
  fake = createFakeFetch((call) => {
    if (call.path.endsWith('/prompts')) return jsonResponse(200, { data: prompts });
    if (call.path.endsWith('/requests')) return jsonResponse(200, { data: requests });
    return jsonResponse(
      submitStatus,
      submitStatus === 200
        ? { id: 'r1', required_form: 'individual-v1', status: 'Submitted', date_added: requests[0]!.date_added }
        : { title: 'x', status: submitStatus },
    );
  });
  vi.stubGlobal('fetch', fake.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const posts = () => fake.calls.filter((c) => c.method === 'POST');

async function fillAll() {
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText('Source of funds'), 'Savings');
  await user.type(screen.getByLabelText('Describe the funds'), 'Salary savings');
  await user.type(screen.getByLabelText('Occupation'), 'Engineer');
  await user.upload(
    screen.getByLabelText('Identity document'),
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'id.png', { type: 'image/png' }),
  );
  return user;
}

describe('Enhanced Due Diligence screen', () => {
  test("B2.edd.heading: heading 'Enhanced Due Diligence' and the spec's sentence", async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Enhanced Due Diligence' })).toBeTruthy();
    expect(screen.getByText('Please answer the below questions to continue trading on our platform.')).toBeTruthy();
  });

  test("B7.edd.prompts, B7.edd.requests, B6.edd.prompts-by-account-type, B6.session.user-from-session: prompts for the session's account type, requests for its user", async () => {
    session.setUser(wireUser({ id: 'u-corp', account_type: 'corporation' }));
    renderPage();
    // Both answers are `data` lists: the prompts become the form, the requests the card.
    expect(await screen.findByLabelText('Occupation')).toBeTruthy();
    expect(await screen.findByText('individual-v1')).toBeTruthy();
    const query = (suffix: string) =>
      Object.fromEntries(new URL(fake.calls.find((c) => c.method === 'GET' && c.path.endsWith(suffix))!.url, 'http://x').searchParams);
    expect(query('/eddq/prompts')).toEqual({ accountType: 'corporation' });
    expect(query('/eddq/requests')).toEqual({ userId: 'u-corp' });
  });

  test('B2.edd.question-form: one field per prompt, of its kind, in a two-column grid, and a Submit Responses button', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Enhanced due diligence questions' });
    const grid = form.querySelector<HTMLElement>('.edd-grid')!;
    const field = (label: string) => within(grid).getByLabelText(label) as HTMLInputElement;
    expect(field('Source of funds').tagName).toBe('SELECT');
    expect(field('Describe the funds').tagName).toBe('TEXTAREA');
    expect(field('Occupation').type).toBe('text');
    expect(field('Identity document').type).toBe('file');
    expect(grid.querySelectorAll('.edd-prompt')).toHaveLength(prompts.length);
    // jsdom lays nothing out: the two columns are the stylesheet's.
    expect(readFileSync(join(process.cwd(), 'src/app/screens/edd/edd.css'), 'utf8')).toMatch(
      /\.edd-grid \{[^}]*grid-template-columns: repeat\(2, /,
    );
    expect(within(form).getByRole('button', { name: 'Submit Responses' }).getAttribute('type')).toBe('submit');
  });

  test('B2.edd.requests-card: the EDD Requests card lists Required Form, Status and Date Submitted', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'EDD Requests' })).toBeTruthy();
    for (const h of ['Required Form', 'Status', 'Date Submitted']) expect(screen.getByRole('columnheader', { name: h })).toBeTruthy();
    expect(await screen.findByText('individual-v1')).toBeTruthy();
  });

  test("B4.edd.invalid-sends-nothing: submitting empty shows 'Please enter …' for every prompt and the required free text, and sends nothing", async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit Responses' }));
    for (const m of [
      'Please enter Source of funds.',
      'Please enter Describe the funds.',
      'Please enter Occupation.',
      'Please enter Identity document.',
    ]) {
      expect(await screen.findByText(m)).toBeTruthy();
    }
    expect(posts()).toHaveLength(0);
  });

  test('B4.edd.success-goes-home: a valid form is sent as multipart and goes to /', async () => {
    const router = renderPage();
    const user = await fillAll();
    await user.click(screen.getByRole('button', { name: 'Submit Responses' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const body = posts()[0]!.body as FormData;
    expect(body.get('Prompts[passport].Response')).toBe('id.png');
    expect(body.getAll('DocTypes')).toEqual(['ID']);
  });

  test('B4.edd.failure-logged: a failed submit is only logged; the user stays and sees no message', async () => {
    submitStatus = 500;
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderPage();
    const user = await fillAll();
    await user.click(screen.getByRole('button', { name: 'Submit Responses' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/enhanced-due-diligence');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
