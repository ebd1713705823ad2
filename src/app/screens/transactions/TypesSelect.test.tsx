// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, test } from 'vitest';
import TypesSelect from './TypesSelect';

afterEach(cleanup);

// Read from disk: the test run blanks imported style sheets.
const transactionsCss = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'transactions.css'), 'utf8');

test('B9.transactions.types: the types offered are buy, sell, deposit, withdraw, credit and charge', async () => {
  render(<TypesSelect value={[]} onChange={() => {}} />);
  await userEvent.setup().click(screen.getByRole('button', { name: /Types/ }));
  expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent?.trim())).toEqual([
    'Buy',
    'Sell',
    'Deposit',
    'Withdraw',
    'Credit',
    'Charge',
  ]);
});

test("B8.select.default-texts: the types select reads 'Type to search', 'No items found' and 'Clear all'", async () => {
  const user = userEvent.setup();
  render(<TypesSelect value={['buy']} onChange={() => {}} />);
  await user.click(screen.getByRole('button', { name: /Types/ }));
  expect(screen.getByRole('button', { name: 'Clear all' })).toBeTruthy();
  await user.type(screen.getByPlaceholderText('Type to search'), 'zzz');
  expect(screen.getByText('No items found')).toBeTruthy();
});

test('B9.select.max-height-240: the open panel is at most 240 px high', async () => {
  // jsdom applies a style sheet's declarations, not its layout: the declared value is what counts.
  const style = document.createElement('style');
  style.textContent = transactionsCss;
  document.head.append(style);
  try {
    render(<TypesSelect value={[]} onChange={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /Types/ }));
    expect(getComputedStyle(screen.getByRole('group', { name: 'Types' })).maxHeight).toBe('240px');
  } finally {
    style.remove();
  }
});

test('B2.transactions.types-select-keys: the keyboard opens the panel with ArrowDown, moves with the arrows, ticks with Space, and keeps its place after Clear all', async () => {
  function Controlled() {
    const [value, setValue] = useState<Parameters<typeof TypesSelect>[0]['value']>([]);
    return <TypesSelect value={value} onChange={setValue} />;
  }
  render(<Controlled />);
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name: /Types/ });
  // A disclosure of checkboxes, not a menu.
  expect(button.getAttribute('aria-haspopup')).toBeNull();
  button.focus();
  await user.keyboard('{ArrowDown}');
  expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search types' }));
  await user.keyboard('{ArrowDown}{ArrowDown} ');
  expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Sell' }));
  expect(button.textContent).toBe('Sell');
  await user.keyboard('{ArrowUp} ');
  expect(button.textContent).toBe('Buy, Sell');
  await user.click(screen.getByRole('button', { name: 'Clear all' }));
  expect(button.textContent).toBe('All types');
  expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search types' }));
  await user.keyboard('{Escape}');
  expect(document.activeElement).toBe(button);
  expect(button.getAttribute('aria-expanded')).toBe('false');
});
