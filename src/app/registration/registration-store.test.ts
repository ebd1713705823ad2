// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../shared/constants';
import { defaultRegistration, registrationStore } from './registration-store';

afterEach(() => {
  registrationStore.clear();
  sessionStorage.clear();
});

describe('registration store (spec A §3 registration model)', () => {
  it('A3 defaults: individual, +1, client, Investing, US residence with a US ssn ID, US principal place', () => {
    expect(registrationStore.get()).toMatchObject({
      account_type: 'individual',
      phone_country_code: '+1',
      account_role: 'client',
      account_purpose: 'Investing',
      individual: { residential_country_code: 'US', id_type: 'ssn', id_country_code: 'US' },
      business: { principal_place_country: 'US' },
    });
    expect(registrationStore.get().beneficial_owners).toBeUndefined();
  });

  it('keeps the model in sessionStorage across steps, but never the passwords', () => {
    registrationStore.update({ email: 'ada@example.com', password: 'Secret!Pass1', password2: 'Secret!Pass1' });
    const raw = sessionStorage.getItem(storageKeys.registration) ?? '';
    expect(JSON.parse(raw)).toMatchObject({ email: 'ada@example.com' });
    expect(raw).not.toContain('Secret!Pass1');
    expect(registrationStore.get()).toMatchObject({ email: 'ada@example.com', password: 'Secret!Pass1' });
    expect(registrationStore.hasEmail()).toBe(true);
    expect(registrationStore.hasPassword()).toBe(true);
  });

  it('merges a partial or older stored copy over the defaults', () => {
    sessionStorage.setItem(storageKeys.registration, JSON.stringify({ email: 'x@example.com', individual: { residential_city: 'Reno' } }));
    const model = registrationStore.get();
    expect(model.email).toBe('x@example.com');
    expect(model.individual).toEqual({ ...defaultRegistration().individual, residential_city: 'Reno' });
  });

  it('ignores a corrupt stored copy', () => {
    sessionStorage.setItem(storageKeys.registration, '{not json');
    expect(registrationStore.get()).toEqual(defaultRegistration());
  });

  it('clear() forgets everything', () => {
    registrationStore.update({ email: 'ada@example.com', password: 'p' });
    registrationStore.clear();
    expect(sessionStorage.getItem(storageKeys.registration)).toBeNull();
    expect(registrationStore.hasEmail()).toBe(false);
    expect(registrationStore.hasPassword()).toBe(false);
  });
});
