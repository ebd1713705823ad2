import jsQR from 'jsqr';
import type { Page } from 'playwright';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed/reference-data';
import { AUTH_METHOD_COOKIE, AUTH_METHOD_HEADER } from '../../src/shared/constants';
import { expectAccessible } from './support/axe';
import { e2eEnvironment } from './support/environment';
import { inPage, OUTBOX_WAIT_MS, phoneOf, registerThroughApi, uniquePerson, type Person } from './support/flows';
import { waitForMessage } from './support/outbox';

// Money in and out end to end in Chromium with a fresh, verified user: the portfolio, a BTC
// deposit through the simulated chain (QR decoded from a screenshot, balance live), a BTC
// withdrawal to an approved address after its cool-down (the server's money clock moved
// forward), a bank account verified with the micro-deposits from the outbox, ACH onboarding
// and an ACH deposit, a wire withdrawal, and the fee overview after a trade.

// Payouts wait for the clock this test moves, so "pending" can be seen before "done".
process.env.PAYOUT_DELAY_MS = String(10 * 60 * 1000);
// So do the chain's blocks: a deposit stays pending until the test moves the clock.
const BLOCK_MS = 10 * 60 * 1000;
process.env.CHAIN_BLOCK_MS = String(BLOCK_MS);
const env = e2eEnvironment();
const DAY_MS = 24 * 60 * 60 * 1000;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

/** An authenticated call with the page's session cookie, as the web app makes it. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${env.server.url}${path}`, {
    method,
    headers: { [AUTH_METHOD_HEADER]: AUTH_METHOD_COOKIE, 'content-type': 'application/json' },
    ...(data === undefined ? {} : { data: JSON.stringify(data) }),
  });
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Registers, logs in through the form and verifies email and phone with the codes from the outbox. */
async function freshVerifiedUser(page: Page, person: Person): Promise<void> {
  await registerThroughApi(env.server.url, person);
  await page.goto(`${env.server.url}/account/login`);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
  const mail = await waitForMessage(
    env.server.url,
    person.email,
    'email',
    (m) => m.code !== null && /^\d{6}$/.test(m.code),
    OUTBOX_WAIT_MS,
  );
  await page.getByLabel('Verification code').fill(mail.code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Verify your phone' }).waitFor();
  const sms = await waitForMessage(env.server.url, phoneOf(person), 'sms', (m) => m.code !== null, OUTBOX_WAIT_MS);
  await page.getByLabel('Verification code').fill(sms.code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/verify'));
}

/** The top edge of every card in a card grid, in page order. */
const cardTops = (page: Page) => page.$$eval('.cards-grid > .card', (cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));

const balanceOf = (page: Page, currency: string) => page.getByTestId(`portfolio-row-${currency}`).getByTestId('balance');

describe('money in and out', () => {
  it('A2.portfolio.actions, A8.forms.row-controls-level, A8.forms.even-spacing, A8.forms.busy-keeps-focus, A2.deposit.qr-code, B4.transactions.live-after-money-moves, A2.withdraw.fields, A2.bank-account.unverified-shows-verify-form, A2.ach.success-text, A2.fee-rates.cards: deposit BTC, withdraw to an approved address, bank account, ACH, wire, fee overview', async () => {
    await inPage(env.browser, 'money', { viewport: DESKTOP }, async ({ page, shot }) => {
      const person = uniquePerson('money');
      await freshVerifiedUser(page, person);

      // Portfolio.
      await page.goto(`${env.server.url}/portfolio`);
      await page.getByTestId('portfolio-row-btc').waitFor();
      await shot(page, 'portfolio');
      await expectAccessible(page, 'portfolio');

      // Deposit BTC: the QR decodes to the address shown.
      await page.getByRole('button', { name: 'Deposit BTC', exact: true }).click();
      const address = (await page.getByTestId('deposit-address').textContent())!.trim();
      expect(address).toMatch(/^(bc1|tb1|bcrt1)q[a-z0-9]{38,}$/);
      const png = PNG.sync.read(await page.getByTestId('deposit-qr').screenshot());
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(address);
      await shot(page, 'deposit-btc');
      await expectAccessible(page, 'deposit modal');
      await page.keyboard.press('Escape');
      // US dollars come by wire or ACH: the dialog's links stand out from its text by more than colour.
      await page.getByRole('button', { name: 'Deposit USD', exact: true }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Wire Instructions' }).waitFor();
      await expectAccessible(page, 'deposit USD modal');
      await page.keyboard.press('Escape');

      // The simulated chain credits it; the balance changes without a reload, and so does the
      // deposit's row in a Transaction History opened beside it, from pending to done.
      const before = (await balanceOf(page, 'btc').textContent())!.trim();
      expect(before).toBe('0');
      await api(page, 'POST', '/dev/chain/deposit', { address, amount: '0.5' });
      const history = await page.context().newPage();
      await history.goto(`${env.server.url}/my/transactions`);
      const depositRow = history.locator('.tx-body [role="row"]').filter({ hasText: 'Deposit' });
      await depositRow.getByText('pending', { exact: true }).waitFor();
      await api(page, 'POST', '/dev/clock/advance', { ms: 3 * BLOCK_MS + 60_000 });
      await until(
        async () => (await balanceOf(page, 'btc').textContent())?.trim(),
        (v) => v === '0.5',
        'the BTC balance to show 0.5',
        60_000,
      );
      await shot(page, 'deposit-credited-live');
      await depositRow.getByText('Done', { exact: true }).waitFor({ timeout: 10_000 });
      await history.close();

      // An approved address, confirmed with the mailed code; usable after the cool-down.
      const recipient = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
      await page.goto(`${env.server.url}/security/approved-addresses`);
      // The restriction's checkbox sits a card header's gap under the card's title, as every
      // card's content does, not pressed against it.
      const toggle = page.getByLabel('Withdraw only to approved addresses');
      await toggle.waitFor();
      const titleBottom = (await page.getByRole('heading', { name: 'Your addresses' }).boundingBox())!;
      expect(Math.round((await toggle.boundingBox())!.y - (titleBottom.y + titleBottom.height))).toBeGreaterThanOrEqual(16);
      await page.getByLabel('Label').fill('Cold wallet');
      await page.getByLabel('Currency').selectOption('btc');
      await page.getByLabel('Address', { exact: true }).fill(recipient);
      await page.getByRole('button', { name: 'Add address' }).click();
      const addrMail = await waitForMessage(
        env.server.url,
        person.email,
        'email',
        (m) => m.code !== null && /address/i.test(`${m.subject} ${m.body}`),
        OUTBOX_WAIT_MS,
      );
      await page.getByLabel(/Code emailed for/).fill(addrMail.code!);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText(/Cooling down/).waitFor();
      await shot(page, 'approved-address-cooling-down');
      await expectAccessible(page, 'approved addresses');
      await api(page, 'POST', '/dev/clock/advance', { ms: DAY_MS + 60_000 });
      await page.reload();
      await page.getByText('Usable', { exact: true }).waitFor();

      // Withdraw BTC to it: balance = before − amount − fee; pending, then done.
      await page.goto(`${env.server.url}/portfolio`);
      await page.getByRole('button', { name: 'Withdraw BTC', exact: true }).click();
      const feeText = await until(
        async () => (await page.getByTestId('withdraw-fee').textContent()) ?? '',
        (t) => /\d/.test(t),
        'the fee',
      );
      const fee = feeText.replace(/[^\d.]/g, '');
      await page.getByLabel('Approved address').selectOption(recipient);
      await page.getByLabel('Amount (BTC)').fill('0.1');
      // Sent from the keyboard, the withdrawal keeps the focus on its button, in the dialog.
      await page.getByRole('button', { name: 'Submit Withdraw' }).focus();
      await page.keyboard.press('Enter');
      await page.locator('.modal [role="status"]').waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submit Withdraw');
      await shot(page, 'withdraw-submitted');
      await page.keyboard.press('Escape');
      const expected = (0.5 - 0.1 - Number(fee)).toFixed(8).replace(/0+$/, '').replace(/\.$/, '');
      // Held at once: available drops now, the balance when the payout is done; both live, from
      // the private balances feed, without a reload.
      const availableOf = page.getByTestId('portfolio-row-btc').getByTestId('available');
      await until(
        async () => (await availableOf.textContent())?.trim(),
        (v) => v === expected,
        `the available BTC to be ${expected}`,
      );
      expect((await balanceOf(page, 'btc').textContent())?.trim()).toBe('0.5');
      type Tx = { action: string; currency: string; status: string; amount: string | number };
      const txs = async () =>
        (await api<{ data: Tx[] } | Tx[]>(page, 'GET', '/v1/account-management/transactions?limit=20')) as { data: Tx[] } | Tx[];
      const list = async () => {
        const t = await txs();
        return Array.isArray(t) ? t : t.data;
      };
      const withdrawal = (all: Tx[]) => all.find((t) => /withdraw/i.test(t.action) && t.currency.toLowerCase() === 'btc');
      expect(withdrawal(await list())?.status).toMatch(/pending/i);
      await api(page, 'POST', '/dev/clock/advance', { ms: 11 * 60 * 1000 });
      await until(list, (all) => /done|complete/i.test(withdrawal(all)?.status ?? ''), 'the withdrawal to be done');
      await until(
        async () => (await balanceOf(page, 'btc').textContent())?.trim(),
        (v) => v === expected,
        `the BTC balance to be ${expected}`,
      );
      expect((await availableOf.textContent())?.trim()).toBe(expected);
      await shot(page, 'withdraw-done');

      // ACH before any bank account: a pointer to the bank account screen, in running text.
      await page.goto(`${env.server.url}/payments/ach-onboarding`);
      await page.getByRole('link', { name: 'Add and verify a bank account' }).waitFor();
      // The card's padding alone spaces its text from its edges: the paragraph adds no margin.
      const inset = await page.evaluate(() => {
        const card = document.querySelector('main .card')!.getBoundingClientRect();
        const text = document.querySelector('main .card > p')!.getBoundingClientRect();
        return [text.top - card.top, card.bottom - text.bottom].map((d) => Math.round(d - (text.left - card.left)));
      });
      expect(inset).toEqual([0, 0]);
      await expectAccessible(page, 'ach without a bank account');

      // Bank account: create, micro-deposits from the outbox, verify.
      await page.goto(`${env.server.url}/payments/bank-account`);
      // Sent empty, every field says what it needs; the controls of one row stay level though
      // one message wraps to two lines, and a yes/no question reads like the fields' labels.
      await page.getByRole('button', { name: 'Add bank account' }).click();
      await page.getByText('Wire routing number is required.').waitFor();
      const form = await page.evaluate(() => {
        const top = (name: string) => Math.round(document.querySelector(`input[name="${name}"]`)!.getBoundingClientRect().top);
        const font = (el: Element) => {
          const cs = getComputedStyle(el);
          return `${cs.fontSize} ${cs.color}`;
        };
        return {
          routingLevel: top('routing_number') === top('wire_routing_number'),
          namesLevel: top('first_name') === top('last_name'),
          legendLikeLabel: font(document.querySelector('main legend')!) === font(document.querySelector('main .field label')!),
          // Title, intro and first row are spaced by the form's gap alone, as its fields are.
          introSpacing: (() => {
            const box = (el: Element) => el.getBoundingClientRect();
            const title = box(document.getElementById('bank-create-title')!);
            const intro = document.getElementById('bank-create-title')!.nextElementSibling!;
            const gap = parseFloat(getComputedStyle(intro.parentElement!).rowGap);
            return [box(intro).top - title.bottom, box(intro.nextElementSibling!).top - box(intro).bottom].map((d) => Math.round(d - gap));
          })(),
        };
      });
      expect(form).toEqual({ routingLevel: true, namesLevel: true, legendLikeLabel: true, introSpacing: [0, 0] });
      await page.getByLabel('First name').fill(person.firstName);
      await page.getByLabel('Last name').fill(person.lastName);
      await page.getByLabel('Account number').fill('123456789');
      await page.getByLabel('Routing number', { exact: true }).fill('021000021');
      await page.getByLabel('Wire routing number').fill('021000021');
      await shot(page, 'bank-account-form');
      await expectAccessible(page, 'bank account form');
      await page.getByRole('button', { name: 'Add bank account' }).click();
      await page.getByRole('heading', { name: 'Verify your bank account' }).waitFor();
      const statement = await waitForMessage(
        env.server.url,
        person.email,
        'email',
        (m) => /verification deposits/i.test(m.subject ?? ''),
        OUTBOX_WAIT_MS,
      );
      const [a1, a2] = statement.code!.split(' ');
      await page.getByLabel('First amount (USD)').fill(a2!);
      await page.getByLabel('Second amount (USD)').fill(a1!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: 'Your bank account' }).waitFor();
      await shot(page, 'bank-account-active');

      // ACH onboarding and an ACH deposit.
      await page.goto(`${env.server.url}/payments/ach-onboarding`);
      await page.getByTestId('ach-weekly-limit').waitFor();
      const bankSelect = page.getByLabel('Bank account');
      await bankSelect.selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Accept and complete onboarding' }).click();
      await page.getByText('ACH Onboarding completed successfully.').waitFor();
      await page.getByLabel('Amount (USD)').fill('1000');
      await page.getByRole('button', { name: 'Deposit' }).click();
      await page.locator('.alert-success').last().waitFor();
      await shot(page, 'ach-deposit');
      await expectAccessible(page, 'ach');
      await api(page, 'POST', '/dev/clock/advance', { ms: 11 * 60 * 1000 });
      // Settled by the transfer loop on its own time: the open Portfolio shows it live.
      await page.goto(`${env.server.url}/portfolio`);
      await page.getByTestId('portfolio-row-usd').waitFor();
      await until(
        async () => (await balanceOf(page, 'usd').textContent())?.trim(),
        (v) => v === '1,000',
        'USD 1,000 after the ACH settles',
      );

      // A wire withdrawal.
      await page.getByRole('button', { name: 'Withdraw USD', exact: true }).click();
      await page.getByLabel('Amount (USD)').fill('100');
      await page.getByLabel('Transfer method').selectOption('wire');
      await page.getByRole('button', { name: 'Submit Withdraw' }).click();
      await page.locator('.modal .alert-success').waitFor();
      await shot(page, 'wire-withdrawal');
      await page.keyboard.press('Escape');

      // Wire instructions.
      await page.goto(`${env.server.url}/payments/wire-instructions`);
      await page.getByTestId('wire-reference_id').waitFor();
      await shot(page, 'wire-instructions');
      await expectAccessible(page, 'wire instructions');

      // A trade, then the fee overview shows its volume.
      // The demo trader sells 0.001 BTC at 50000; this user buys it (volume 50 USD).
      const demo = await env.browser.newContext();
      try {
        const login = await demo.request.post(`${env.server.url}/v1/auth/login`, {
          headers: { [AUTH_METHOD_HEADER]: AUTH_METHOD_COOKIE },
          data: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
        });
        expect(login.ok()).toBe(true);
        const sell = await demo.request.post(`${env.server.url}/v1/orders/sell`, {
          headers: { [AUTH_METHOD_HEADER]: AUTH_METHOD_COOKIE },
          data: { currency_pair: 'btcusd', price: '50000', quantity: '0.001' },
        });
        expect(sell.ok(), await sell.text()).toBe(true);
      } finally {
        await demo.close();
      }
      await api(page, 'POST', '/v1/orders/buy', { currency_pair: 'btcusd', price: '50000', quantity: '0.001' });
      // The server's answer first, then one page load: reloading until it shows would also be
      // many hub negotiations and page boots in a row on a busy machine.
      await until(
        () => api<{ volume: string }>(page, 'GET', '/v1/account-management/fee-rates'),
        (rates) => rates.volume === '50.00',
        'the 14-day volume of the trade',
      );
      await page.goto(`${env.server.url}/fee-rates`);
      const volume = page.getByRole('region', { name: '14-Day Trading Volume' }).locator('.stat-value');
      await volume.waitFor({ timeout: 60_000 });
      expect((await volume.textContent())?.trim()).toBe('$50.00');
      // The four cards stand in one row at one height: no stacking gap pushes three of them down.
      const tops = await cardTops(page);
      expect(tops).toHaveLength(4);
      expect(new Set(tops).size).toBe(1);
      await shot(page, 'fee-overview');
      await expectAccessible(page, 'fee overview');

      // Dashboard.
      await page.goto(`${env.server.url}/dashboard`);
      // Once the balances and the BTC ticker are in: a dollar figure, never $0.00 for a funded user.
      await expect
        .poll(async () => (await page.getByTestId('dashboard-total').textContent())?.trim(), { timeout: 30_000 })
        .toMatch(/^\$[1-9][\d,]*\.\d\d$/);
      await page.getByRole('region', { name: 'Open orders' }).waitFor();
      // Latest transactions and open orders side by side, level.
      expect(new Set(await cardTops(page)).size).toBe(1);
      // One rhythm down the page: every part one page gap (16 px) below the one above it.
      const gaps = await page.$$eval('.page > *', (parts) =>
        parts.slice(1).map((p, i) => Math.round(p.getBoundingClientRect().top - parts[i]!.getBoundingClientRect().bottom)),
      );
      expect(new Set(gaps)).toEqual(new Set([16]));
      await shot(page, 'dashboard');
      await expectAccessible(page, 'dashboard');

      // The same screens at 375 px, with a long figure to show: eight decimals of dollars, as
      // fees leave them.
      await api(page, 'POST', '/dev/faucet', { currency: 'usd', amount: '99258.01984228' });
      await page.setViewportSize(PHONE);
      for (const path of [
        '/portfolio',
        '/fee-rates',
        '/payments/bank-account',
        '/payments/wire-instructions',
        '/payments/ach-onboarding',
        '/security/approved-addresses',
        '/dashboard',
      ]) {
        await page.goto(`${env.server.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForTimeout(300);
        await shot(page, `phone${path.replace(/\//g, '-')}`);
        await expectAccessible(page, `${path} at 375 px`);
        // Nothing wider than the phone's screen, the long figure included.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at 375 px`).toBeLessThanOrEqual(PHONE.width);
        if (path === '/portfolio') {
          // Every balance and available amount whole: none cut short, none out of its row.
          const cut = await page.evaluate(() =>
            [...document.querySelectorAll<HTMLElement>('[data-testid="balance"], [data-testid="available"]')]
              .filter((cell) => {
                const row = cell.closest<HTMLElement>('[role="row"]')!.getBoundingClientRect();
                const box = cell.getBoundingClientRect();
                return cell.scrollWidth > cell.clientWidth + 1 || box.right > row.right + 1 || box.left < row.left - 1;
              })
              .map((cell) => cell.textContent),
          );
          expect(cut).toEqual([]);
        }
      }
    });
  }, 300_000);
});
