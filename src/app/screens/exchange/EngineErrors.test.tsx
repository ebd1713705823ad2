// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { connectionMessages, orderMessages } from '../../../shared/messages';
import type { EngineError } from '../../../worker/public';
import EngineErrors from './EngineErrors';

afterEach(cleanup);

const error = (id: number, message: string): EngineError => ({ id, code: 'HUB_ERROR', message, at: id });

describe('engine error stream (spec B §8)', () => {
  test('B8.errors.latest-five: the latest five, newest first, each dismissable', async () => {
    const errors = [
      error(1, 'one'),
      error(2, 'two'),
      error(3, connectionMessages.connectionTimeout),
      error(4, orderMessages.pairsLoadFailed),
      error(5, 'five'),
      error(6, 'six'),
    ];
    const onDismiss = vi.fn();
    render(<EngineErrors errors={errors} onDismiss={onDismiss} />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent?.replace('×', ''));
    expect(items).toEqual(['six', 'five', orderMessages.pairsLoadFailed, connectionMessages.connectionTimeout, 'two']);
    await userEvent.setup().click(screen.getByRole('button', { name: `Dismiss: ${orderMessages.pairsLoadFailed}` }));
    expect(onDismiss).toHaveBeenCalledWith(4);
  });

  test('B8 error stream: nothing shown without errors', () => {
    render(<EngineErrors errors={[]} onDismiss={() => {}} />);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
