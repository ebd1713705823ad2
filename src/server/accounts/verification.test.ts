import { describe, expect, it } from 'vitest';
import { maskDestination } from './verification';

describe('maskDestination', () => {
  it('API.verification.masked-destination: keeps the first letter and the domain of an email', () => {
    expect(maskDestination('alice@example.com', 'email')).toBe('a••••@example.com');
    expect(maskDestination('a@example.com', 'email')).toBe('a•@example.com');
  });

  it('API.verification.masked-destination: keeps the last four digits of a phone number', () => {
    expect(maskDestination('+12025550100', 'phone')).toBe('••••••••0100');
  });
});
