// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { transactionLimits } from '../../../shared/constants';
import { ManualTimers } from '../../time/manual-timers';
import { useDebouncedValue } from './useDebouncedValue';

it('B9.transactions.filter-debounce-400ms: a value settles 400 ms after its last change, not before', () => {
  const ms = transactionLimits.filterDebounceMs;
  expect(ms).toBe(400);
  const timers = new ManualTimers();
  const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, ms, timers), { initialProps: { v: 'a' } });
  rerender({ v: 'b' });
  act(() => timers.advance(300));
  rerender({ v: 'c' });
  act(() => timers.advance(399));
  expect(result.current).toBe('a');
  act(() => timers.advance(1));
  expect(result.current).toBe('c');
});
