import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright';
import { screenshot } from './browser';

// Shared steps of the end-to-end tests: unique people, step-numbered screenshots, and the
// few flows several files go through (step 1 of registration, login, an API registration).

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  /** Dialling code as the server stores it, e.g. '+44'. */
  countryCode: string;
  /** National number as typed. */
  national: string;
  password: string;
}

export function uniquePerson(tag: string, overrides: Partial<Person> = {}): Person {
  const id = randomBytes(4).toString('hex');
  // 10 national digits starting with 7 (a UK mobile shape); unique enough per run.
  const national = `7${String(parseInt(id, 16) % 1_000_000_000).padStart(9, '0')}`;
  return {
    firstName: 'Ada',
    lastName: `Tester${id}`,
    email: `${tag}-${id}@example.com`,
    countryCode: '+44',
    national,
    password: 'Str0ng!Passw0rd',
    ...overrides,
  };
}

/** The joined phone number the server stores and sends SMS to. */
export function phoneOf(p: Person): string {
  return `${p.countryCode}${p.national.replace(/\D/g, '')}`;
}

/** Screenshots named `<prefix>-NN-<label>.png`, numbered in the order the steps ran. */
export function shots(prefix: string): (page: Page, label: string) => Promise<string> {
  let n = 0;
  return async (page, label) => {
    // A full-page capture of a scrolled page paints the sticky header mid-page: start at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    return screenshot(page, `${prefix}-${String(++n).padStart(2, '0')}-${label}`);
  };
}

/** Pages report uncaught errors to the test log (they would otherwise go unseen). */
export function watchPage(page: Page): Page {
  page.on('pageerror', (error) => console.warn(`[page error] ${error.message}`));
  return page;
}

export async function newPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } });
  const page = watchPage(await context.newPage());
  return { context, page };
}

/** Path and query of the page, e.g. '/verify/email'. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * Register step 1 (basic details). The dialling code is chosen by searching the list:
 * `countrySearch` is typed into the combobox and the option whose label ends with
 * `(${person.countryCode})` is picked.
 */
export async function fillBasicDetails(
  page: Page,
  person: Person,
  accountType: 'Individual' | 'Business',
  countrySearch: string,
): Promise<void> {
  await page.getByLabel('Account type').selectOption({ label: accountType });
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  const code = page.getByRole('combobox', { name: 'Phone country code' });
  await code.fill(countrySearch);
  const option = page.getByRole('listbox').getByRole('option', { name: `(${person.countryCode})` });
  await option.first().click();
  await page.getByLabel('Phone number').fill(person.national);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
}

/** Logs in through the login form and waits until the app has left the login page. */
export async function loginThroughForm(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/account/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/account/login');
}

/** A complete individual registration as the web app sends it (POST /v1/users/register). */
export function individualRegistration(person: Person) {
  return {
    account_type: 'individual',
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    phone_country_code: person.countryCode,
    phone_number: phoneOf(person),
    password: person.password,
    password2: person.password,
    account_role: 'client',
    account_purpose: 'Investing',
    individual: {
      dob: '1985-06-15',
      residential_country_code: 'US',
      residential_address: '1 Main Street',
      residential_city: 'Springfield',
      residential_state: 'IL',
      residential_postal_code: '62701',
      id_type: 'ssn',
      id_number: '123-45-6789',
      id_country_code: 'US',
    },
  };
}

/** Registers through the API (no browser); returns the new user's id. */
export async function registerThroughApi(baseUrl: string, person: Person): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(individualRegistration(person)),
  });
  if (!res.ok) throw new Error(`registration answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { user_details: { id: string } };
  return body.user_details.id;
}

/**
 * Resolves once no HTTP request of the page or its workers has been open for `quietMs` (the
 * engine worker connects 0.5 s after a login and reloads the private lists once its feeds are
 * joined). Call it right after the page's last action; requests sent before the call are not seen.
 */
export async function networkQuiet(page: Page, quietMs = 1_200, timeoutMs = 15_000): Promise<void> {
  let open = 0;
  let since = Date.now();
  const started = () => void open++;
  const ended = () => {
    open = Math.max(0, open - 1);
    since = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeoutMs;
    while (open > 0 || Date.now() - since < quietMs) {
      if (Date.now() > deadline) throw new Error(`the page's requests did not stop for ${quietMs} ms within ${timeoutMs} ms`);
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * The page's URL once it has stopped changing for `quietMs` (client-side redirects can follow
 * one another within a frame or two; a check in between would see a passing state).
 */
export async function settledUrl(page: Page, quietMs = 500, timeoutMs = 10_000): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  let last = page.url();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error(`the URL kept changing for ${timeoutMs} ms (last ${last})`);
    await page.waitForTimeout(50);
    const now = page.url();
    if (now !== last) {
      last = now;
      since = Date.now();
    }
  }
  return new URL(last);
}

/**
 * Runs `body` with a page in a fresh browser context and step screenshots named after
 * `prefix`; a step that throws leaves `<prefix>-FAILED.png` showing where it stopped.
 */
export async function inPage<T>(
  browser: Browser,
  prefix: string,
  options: { viewport?: { width: number; height: number } },
  body: (it: { context: BrowserContext; page: Page; shot: (page: Page, label: string) => Promise<string> }) => Promise<T>,
): Promise<T> {
  const { context, page } = await newPage(browser, options);
  try {
    return await body({ context, page, shot: shots(prefix) });
  } catch (error) {
    await screenshot(page, `${prefix}-FAILED`).catch(() => undefined);
    // CI keeps only the log: say where the page was and what it showed.
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '(no text)');
    console.warn(`[${prefix} failed at] ${page.url()}\n${text.slice(0, 2_000)}`);
    throw error;
  } finally {
    await context.close();
  }
}

/** How long to wait for a mail or SMS in the outbox (generous: the machine may be busy). */
export const OUTBOX_WAIT_MS = 30_000;
