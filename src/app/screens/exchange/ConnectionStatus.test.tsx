// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ConnectionView } from '../../../worker/public';
import { ManualTimers } from '../../time/manual-timers';
import ConnectionStatus from './ConnectionStatus';
import { connectionView } from './testing/fake-snapshot';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const label = () => screen.getByRole('status').textContent;

describe('connection state (spec B §4)', () => {
  test.each<[string, Partial<ConnectionView>, boolean]>([
    ['Not connected', { state: 'NotConnected' }, false],
    ['Connecting', { state: 'Connecting' }, false],
    ['Connected', { state: 'Connected' }, false],
    ['Connected', { state: 'Authenticated' }, false],
    ['Stale data', { state: 'Connected', stale: true }, false],
    ['Reconnecting…', { state: 'Connecting', reconnecting: true, attempt: 1 }, false],
    ['Failed', { state: 'Failed' }, true],
    ['Failed', { state: 'Failed', reconnecting: true, attempt: 1, nextRetryAt: Date.now() + 60_000 }, true],
    ['Authentication failed', { state: 'AuthenticationFailed' }, false],
    ['Disconnected', { state: 'Disconnected' }, true],
  ])('B4 connection indicator: %s', (text, view, retry) => {
    render(<ConnectionStatus connection={connectionView(view)} onRetry={() => {}} />);
    expect(label()).toBe(text);
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('button', { name: 'Retry' }) !== null).toBe(retry);
  });

  test('B4 connection indicator: a failed start says when it retries', () => {
    render(
      <ConnectionStatus
        connection={connectionView({ state: 'Failed', reconnecting: true, attempt: 1, nextRetryAt: Date.now() + 4_000 })}
        onRetry={() => {}}
      />,
    );
    expect(label()).toBe('Failed');
    expect(screen.getByText(/^retrying in \d s$/)).toBeTruthy();
  });

  test('B4 connection indicator: reconnecting counts down to the next attempt; Retry asks the engine', async () => {
    const timers = new ManualTimers(1_000_000);
    const onRetry = vi.fn();
    render(
      <ConnectionStatus
        connection={connectionView({ state: 'Connecting', reconnecting: true, attempt: 2, nextRetryAt: 1_004_000 })}
        onRetry={onRetry}
        timers={timers}
      />,
    );
    expect(label()).toBe('Reconnecting');
    expect(screen.getByText('in 4 s')).toBeTruthy();
    act(() => timers.advance(2_000));
    expect(screen.getByText('in 2 s')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
