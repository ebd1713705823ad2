import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed/reference-data';
import { expectAccessible } from './support/axe';
import { e2eEnvironment } from './support/environment';
import { inPage, loginThroughForm } from './support/flows';

// Moving between screens in real Chromium against the real server, when a screen's code does
// not arrive (the connection or the server gone for a moment).

const env = e2eEnvironment();

describe('navigation', () => {
  it('A1.navigation.screen-load-failure: a screen whose code cannot be fetched says so inside the layout; the header stays, other screens open, a reload brings it', async () => {
    await inPage(env.browser, 'navigation', {}, async ({ page, shot }) => {
      await loginThroughForm(page, env.server.url, DEMO_EMAIL, DEMO_PASSWORD);
      await page.waitForURL('**/dashboard');
      const nav = page.getByRole('navigation', { name: 'Main' });

      const chunk = '**/assets/PortfolioPage-*.js';
      await page.route(chunk, (route) => route.abort('internetdisconnected'));
      await nav.getByRole('link', { name: 'Portfolio' }).click();
      await page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }).waitFor();
      expect(await page.getByRole('alert').getByText('Check your connection, then reload the page.').count()).toBe(1);
      expect(await nav.isVisible()).toBe(true);
      await shot(page, 'portfolio-not-loaded');
      await expectAccessible(page, 'a screen that could not be loaded');

      // The header still leads to the other screens.
      await page.unroute(chunk);
      await nav.getByRole('link', { name: 'Fee Rates' }).click();
      await page.getByRole('heading', { level: 1, name: 'Fee Overview' }).waitFor();

      // Back on the failed screen, a reload fetches its code anew.
      await nav.getByRole('link', { name: 'Portfolio' }).click();
      await page.getByRole('button', { name: 'Reload the page' }).click();
      await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/portfolio');
    });
  });
});
