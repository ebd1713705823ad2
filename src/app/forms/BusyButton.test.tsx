// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusyButton } from './BusyButton';

afterEach(cleanup);

function Form({ onSubmit }: { onSubmit: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
        setBusy(true);
      }}
    >
      <input aria-label="Amount" />
      <BusyButton type="submit" busy={busy}>
        Send
      </BusyButton>
    </form>
  );
}

describe('BusyButton', () => {
  it('A8.forms.busy-keeps-focus: while busy the submit button keeps the focus, says it is busy, and submits nothing more', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Send' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.keyboard('{Enter}');
    await user.click(button);
    // Enter in a field submits through the button too, and is refused the same way.
    await user.type(screen.getByLabelText('Amount'), '1{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('A8.forms.busy-keeps-focus: a plain button runs its action only when not busy', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <BusyButton busy={false} onClick={onClick}>
        Export
      </BusyButton>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    rerender(
      <BusyButton busy onClick={onClick}>
        Export
      </BusyButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Export' }).getAttribute('type')).toBe('button');
  });
});
