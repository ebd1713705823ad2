import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed/reference-data';
import { e2eEnvironment } from './support/environment';
import { inPage, loginThroughForm, pathOf } from './support/flows';

// Spec A §2 "Navigation" and §9 (breakpoint 992 px, mobile menu 320 px) in real Chromium.

const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const LOGGED_OUT = 'Please log in to access the navigation menu.';

const env = e2eEnvironment();

const burger = (page: Page) => page.getByRole('button', { name: /navigation menu$/ }).first();
const menuPanel = (page: Page) => page.locator('#mobile-menu');
/** The open slide-out as assistive technology sees it (hidden from it while closed). */
const openMenu = (page: Page) => page.getByRole('complementary', { name: 'Navigation menu' });

async function openMobileMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await openMenu(page).waitFor();
  // Wait for the slide-in to finish: the panel rests against the right edge.
  await expect.poll(async () => Math.round((await menuPanel(page).boundingBox())?.x ?? -1), { timeout: 10_000 }).toBe(MOBILE.width - 320);
}

async function loginAsDemo(page: Page): Promise<void> {
  await loginThroughForm(page, env.server.url, DEMO_EMAIL, DEMO_PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

describe('spec A §2 navigation', () => {
  it("§2 mobile (375 px), logged out: the menu shows 'Please log in to access the navigation menu.' and no links", async () => {
    await inPage(env.browser, 'mobile-menu-logged-out', { viewport: MOBILE }, async ({ page, shot }) => {
      await page.goto(`${env.server.url}/account/login`);
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      expect(await menuPanel(page).isVisible()).toBe(false);
      await openMobileMenu(page);
      await openMenu(page).getByText(LOGGED_OUT).waitFor();
      expect(await openMenu(page).getByRole('link').count()).toBe(0);
      expect(await openMenu(page).getByRole('button', { name: 'Logout' }).count()).toBe(0);
      await shot(page, 'menu-open');
    });
  });

  it('A2.navigation.layouts, A9.layout.mobile-menu-320px: §2/§9 mobile (375 px), logged in: the menu opens as a 320 px slide-out, sections toggle one at a time, choosing an item navigates and closes it', async () => {
    await inPage(env.browser, 'mobile-menu-logged-in', { viewport: MOBILE }, async ({ page, shot }) => {
      await loginAsDemo(page);
      // Mobile layout: no desktop navigation in the header, a menu button instead.
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      expect(await burger(page).getAttribute('aria-expanded')).toBe('false');
      await shot(page, 'closed');

      await openMobileMenu(page);
      expect(await page.getByRole('button', { name: 'Open navigation menu' }).count()).toBe(0);
      const box = (await menuPanel(page).boundingBox())!;
      expect(Math.round(box.width)).toBe(320);
      expect(Math.round(box.x + box.width)).toBe(MOBILE.width); // slides in from the right edge
      expect(Math.round(box.height)).toBe(MOBILE.height);
      const menu = openMenu(page);
      for (const name of ['Dashboard', 'Transactions', 'Portfolio', 'Fee Rates']) {
        expect(await menu.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
      }
      expect(await menu.getByRole('button', { name: 'Market News' }).isVisible()).toBe(true);
      expect(await menu.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      await shot(page, 'open-320px');

      // Sections: one open at a time.
      const payment = menu.getByRole('button', { name: 'Payment' });
      const security = menu.getByRole('button', { name: 'Security' });
      const bank = menu.getByRole('link', { name: 'Bank Account' });
      const approved = menu.getByRole('link', { name: 'Approved Addresses' });
      expect(await bank.isVisible()).toBe(false);
      await payment.click();
      expect(await payment.getAttribute('aria-expanded')).toBe('true');
      for (const name of ['Bank Account', 'Wire Instructions', 'ACH Onboarding']) {
        expect(await menu.getByRole('link', { name }).isVisible(), name).toBe(true);
      }
      await shot(page, 'payment-open');
      await security.click();
      expect(await security.getAttribute('aria-expanded')).toBe('true');
      expect(await payment.getAttribute('aria-expanded')).toBe('false');
      expect(await approved.isVisible()).toBe(true);
      expect(await bank.isVisible()).toBe(false);
      await shot(page, 'security-open-payment-closed');
      await security.click(); // the open one closes again
      expect(await security.getAttribute('aria-expanded')).toBe('false');
      expect(await approved.isVisible()).toBe(false);

      // Choosing an item navigates and closes the menu.
      await payment.click();
      await menu.getByRole('link', { name: 'Wire Instructions' }).click();
      await page.waitForURL('**/payments/wire-instructions');
      await menuPanel(page).waitFor({ state: 'hidden' });
      expect(await burger(page).getAttribute('aria-expanded')).toBe('false');
      await shot(page, 'navigated-wire-instructions');

      await openMobileMenu(page);
      await openMenu(page).getByRole('link', { name: 'Portfolio', exact: true }).click();
      await page.waitForURL('**/portfolio');
      await menuPanel(page).waitFor({ state: 'hidden' });

      await openMobileMenu(page);
      await openMenu(page).getByRole('button', { name: 'Market News' }).click();
      await page.waitForURL('**/market');
      await menuPanel(page).waitFor({ state: 'hidden' });
      await shot(page, 'navigated-market');
    });
  });

  it('A2.navigation.layouts, A9.layout.breakpoint-992px: §2 desktop (1280 px): the desktop nav shows; only one dropdown is open at a time; it closes on outside click and when an item is chosen; §9 the layout switches at 992 px', async () => {
    await inPage(env.browser, 'desktop-nav', { viewport: DESKTOP }, async ({ page, shot }) => {
      await loginAsDemo(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.waitFor();
      expect(await page.getByRole('button', { name: 'Open navigation menu' }).count()).toBe(0);
      for (const name of ['Dashboard', 'Transactions', 'Portfolio', 'Fee Rates']) {
        expect(await nav.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
      }
      expect(await nav.getByRole('button', { name: 'Market News' }).isVisible()).toBe(true);
      expect(await nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);

      const payment = nav.getByRole('button', { name: 'Payment' });
      const security = nav.getByRole('button', { name: 'Security' });
      const bank = nav.getByRole('link', { name: 'Bank Account' });
      const approved = nav.getByRole('link', { name: 'Approved Addresses' });

      await payment.click();
      expect(await payment.getAttribute('aria-expanded')).toBe('true');
      expect(await bank.isVisible()).toBe(true);
      await shot(page, 'payment-open');

      // Opening the other closes the first.
      await security.click();
      expect(await security.getAttribute('aria-expanded')).toBe('true');
      expect(await payment.getAttribute('aria-expanded')).toBe('false');
      expect(await bank.isVisible()).toBe(false);
      expect(await approved.isVisible()).toBe(true);
      await shot(page, 'security-open-payment-closed');

      // An outside click closes it.
      await page.getByRole('heading', { name: 'Dashboard' }).click();
      expect(await security.getAttribute('aria-expanded')).toBe('false');
      expect(await approved.isVisible()).toBe(false);
      await shot(page, 'closed-after-outside-click');

      // Choosing an item navigates and closes it.
      await payment.click();
      await nav.getByRole('link', { name: 'ACH Onboarding' }).click();
      await page.waitForURL('**/payments/ach-onboarding');
      expect(await payment.getAttribute('aria-expanded')).toBe('false');
      expect(await bank.isVisible()).toBe(false);
      expect(pathOf(page)).toBe('/payments/ach-onboarding');
      await shot(page, 'navigated-ach-onboarding');

      // Down to 993 px the desktop header fits on one line: no label breaks over two lines
      // (one line of a link is under 44 px) and the page does not scroll sideways.
      for (const width of [1199, 1100, 1024, 993]) {
        await page.setViewportSize({ width, height: 900 });
        const fit = await page.evaluate(() => ({
          wrapped: [...document.querySelectorAll('.nav-desktop .nav-link, .nav-actions .btn, .brand')]
            .filter((el) => el.getBoundingClientRect().height >= 44)
            .map((el) => el.textContent),
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        }));
        expect(fit, `header at ${width} px`).toEqual({ wrapped: [], overflow: 0 });
      }
      await shot(page, 'desktop-nav-993');
      // The product's name leaves the header's narrowest desktop width but stays the name of the link.
      expect(await page.getByRole('link', { name: 'Ox Exchange' }).isVisible()).toBe(true);

      // §9: desktop above 992 px, mobile at or below it.
      await page.setViewportSize({ width: 993, height: 900 });
      expect(await nav.isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Open navigation menu' }).count()).toBe(0);
      await page.setViewportSize({ width: 992, height: 900 });
      await page.getByRole('button', { name: 'Open navigation menu' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    });
  });
});
