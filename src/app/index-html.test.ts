// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { PRODUCT_NAME } from '../shared/constants';

test('the page title is the product name and the app entry is loaded', () => {
  const html = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  expect(doc.title).toBe(PRODUCT_NAME);
  expect(doc.getElementById('root')).not.toBeNull();
  expect(doc.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/src/app/main.tsx');
});
