// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, test } from 'vitest';
import { emptyFilter, type TransactionFilterForm } from './transaction-filter';
import TransactionFilterBar from './TransactionFilterBar';

afterEach(cleanup);

test('B2.transactions.reset-keeps-focus: Reset from the keyboard empties the filter and leaves the focus on its first field', async () => {
  function Controlled() {
    const [value, setValue] = useState<TransactionFilterForm>({ ...emptyFilter, currency: 'BTC' });
    return <TransactionFilterBar value={value} errors={{}} today="2026-11-25" onChange={setValue} onExport={() => {}} exporting={false} />;
  }
  render(<Controlled />);
  const reset = screen.getByRole('button', { name: 'Reset' });
  reset.focus();
  await userEvent.setup().keyboard('{Enter}');
  expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('ALL');
  expect((reset as HTMLButtonElement).disabled).toBe(true);
  expect(document.activeElement).toBe(screen.getByLabelText('From'));
});
