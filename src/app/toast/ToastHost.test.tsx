// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { toast } from './toast';
import ToastHost from './ToastHost';

afterEach(() => {
  act(() => void toast.dismiss());
  cleanup();
});

/** The corner sonner puts its toaster in, once a toast shows. */
async function toasterCorner(): Promise<string> {
  act(() => void toast.show('Saved'));
  const toaster = await vi.waitFor(() => {
    const list = document.querySelector('[data-sonner-toaster]');
    if (!list) throw new Error('no toaster yet');
    return list;
  });
  return `${toaster.getAttribute('data-y-position')}-${toaster.getAttribute('data-x-position')}`;
}

describe('the toast container (spec A §2)', () => {
  test('A2.toast.corner: top-end by default', async () => {
    render(<ToastHost />);
    expect(await toasterCorner()).toBe('top-right');
  });

  test('A2.toast.corner: the corner is configurable', async () => {
    render(<ToastHost corner="bottom-start" />);
    expect(await toasterCorner()).toBe('bottom-left');
  });
});
