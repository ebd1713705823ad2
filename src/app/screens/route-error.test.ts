import { describe, expect, test } from 'vitest';
import { isScreenLoadFailure } from './route-error';

describe('A1.navigation.screen-load-failure', () => {
  test.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: http://localhost:8080/assets/PortfolioPage-x1.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: http://localhost:8080/assets/PortfolioPage-x1.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite CSS preload', new Error('Unable to preload CSS for /assets/PortfolioPage-x1.css')],
  ])('%s: a chunk that did not arrive is a load failure', (_, error) => {
    expect(isScreenLoadFailure(error)).toBe(true);
  });

  test.each([
    ['a screen that threw', new TypeError("Cannot read properties of undefined (reading 'map')")],
    ['a route response', { status: 404, statusText: 'Not Found' }],
    ['nothing', undefined],
  ])('%s is not', (_, error) => {
    expect(isScreenLoadFailure(error)).toBe(false);
  });
});
