import { describe, expect, it } from 'vitest';
import { fieldMessage } from './field-message';

describe('fieldMessage', () => {
  it('A8.forms.field-errors-name-the-label: a message that names the wire field names the label instead', () => {
    expect(fieldMessage('first_name is required.', 'first_name', 'First name')).toBe('First name is required.');
    expect(fieldMessage('currency must be a currency code.', 'currency', 'Currency')).toBe('Currency must be a currency code.');
    // Nested names use their last segment.
    expect(fieldMessage('city is required.', 'owners.0.city', 'City')).toBe('City is required.');
  });

  it('A8.forms.field-errors-name-the-label: the specs’ own texts and other messages stay as they are', () => {
    expect(fieldMessage('Price is required.', 'price', 'Price')).toBe('Price is required.');
    expect(fieldMessage('Please specify the first name.', 'first_name', 'First name')).toBe('Please specify the first name.');
    // A key that is only a prefix of the message's first word is not the field.
    expect(fieldMessage('labels are required.', 'label', 'Label')).toBe('labels are required.');
    expect(fieldMessage(undefined, 'label', 'Label')).toBeUndefined();
    expect(fieldMessage('', 'label', 'Label')).toBe('');
  });
});
