// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import TransactionTable from './TransactionTable';

afterEach(cleanup);

test('B9.transactions.skeleton-rows-5, B9.transactions.row-48px, B9.transactions.list-700px: while loading, 5 skeleton rows of 48 px in a 700 px list', () => {
  const { container } = render(<TransactionTable rows={[]} loading loadingMore={false} hasMore={false} onNearEnd={() => {}} />);
  const skeletons = [...container.querySelectorAll<HTMLElement>('.tx-skeleton')];
  expect(skeletons).toHaveLength(5);
  expect(skeletons.map((row) => row.style.height)).toEqual(Array(5).fill('48px'));
  expect(screen.getByRole('rowgroup', { name: 'Transaction rows, scrollable' }).style.height).toBe('700px');
});
