// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { selectTexts } from '../../shared/messages';
import { SearchableSelect, type SearchableOption } from './SearchableSelect';

afterEach(cleanup);

const options: SearchableOption[] = [
  { key: 'CA+1', value: '+1', label: 'Canada (+1)' },
  { key: 'DE+49', value: '+49', label: 'Germany (+49)' },
  { key: 'GB+44', value: '+44', label: 'United Kingdom (+44)' },
  { key: 'US+1', value: '+1', label: 'United States (+1)' },
];

function Harness({ initial = '+1', error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SearchableSelect label="Phone country code" options={options} value={value} onChange={setValue} error={error} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Phone country code' }) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('SearchableSelect', () => {
  it('filters as the user types and chooses with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(input().value).toBe('+1');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    await user.clear(input());
    await user.type(input(), 'united');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['United Kingdom (+44)', 'United States (+1)']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(value()).toBe('+1');
    expect(input().value).toBe('United States (+1)');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('marks the active option for assistive technology', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(input());
    await user.keyboard('{ArrowDown}');
    const active = input().getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.textContent).toBe('Germany (+49)');
    expect(document.getElementById(active ?? '')?.getAttribute('aria-selected')).toBe('true');
  });

  it('Escape and leaving the field discard unfinished text', async () => {
    const user = userEvent.setup();
    render(<Harness initial="+44" />);
    await user.clear(input());
    await user.type(input(), 'ger');
    await user.keyboard('{Escape}');
    expect(input().value).toBe('+44');
    await user.type(input(), 'zzz');
    expect(screen.getByText(selectTexts.notFound)).toBeTruthy();
    await user.tab();
    expect(input().value).toBe('+44');
    expect(value()).toBe('+44');
  });

  it('an emptied field clears the value; an exact label typed in is taken', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.clear(input());
    await user.tab();
    expect(value()).toBe('');
    await user.type(input(), 'germany (+49)');
    await user.tab();
    expect(value()).toBe('+49');
  });

  it('shows its error under the field, wired with aria-invalid and aria-describedby', () => {
    render(<Harness error="Please enter a valid phone country code." />);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    const describedBy = input().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Please enter a valid phone country code.');
  });
});
