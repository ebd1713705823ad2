// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../shared/constants';
import { defaultRegistration, registrationStore } from './registration-store';

afterEach(() => {
  registrationStore.clear();
  sessionStorage.clear();
});

describe('registration store (spec A §3 registration model)', () => {
  it('A3.registration.default-account-type, A3.registration.default-phone-code, A3.registration.default-account-role, A3.registration.default-account-purpose, A3.registration.individual-defaults, A3.registration.business-defaults: individual, +1, client, Investing, US residence with a US ssn ID, US principal place', () => {
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

  it('CORE.registration.no-password-stored: keeps the model in sessionStorage across steps, but never the passwords', () => {
    registrationStore.update({ email: 'ada@example.com', password: 'Secret!Pass1', password2: 'Secret!Pass1' });
    const raw = sessionStorage.getItem(storageKeys.registration) ?? '';
    expect(JSON.parse(raw)).toMatchObject({ email: 'ada@example.com' });
    expect(raw).not.toContain('Secret!Pass1');
    expect(registrationStore.get()).toMatchObject({ email: 'ada@example.com', password: 'Secret!Pass1' });
    expect(registrationStore.hasEmail()).toBe(true);
    expect(registrationStore.hasPassword()).toBe(true);
  });

  it('API.security.registration-id-numbers-memory-only: never writes the ID number or a date of birth to sessionStorage (user or beneficial owner), but keeps them in memory', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    try {
      const individual = { ...defaultRegistration().individual, dob: '1990-05-17', id_number: '123-45-6789', residential_city: 'Reno' };
      const owner = {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        dob: '1970-12-09',
        phone_number: '+12025550111',
        id_type: 'passport' as const,
        id_country_code: 'GB',
        id_number: 'P1234567',
        residential_country_code: 'GB',
        residential_address: '10 Downing Street',
        residential_city: 'London',
        residential_postal_code: 'SW1A 2AA',
      };
      registrationStore.update({ email: 'ada@example.com', individual });
      registrationStore.update({ beneficial_owners: [owner] });
      registrationStore.update({ account_purpose: 'Trading' });

      expect(setItem).toHaveBeenCalled();
      for (const [, value] of setItem.mock.calls) {
        for (const secret of ['123-45-6789', '123456789', '1990-05-17', 'P1234567', '1970-12-09']) expect(value).not.toContain(secret);
      }
      const stored = JSON.parse(sessionStorage.getItem(storageKeys.registration) ?? '{}');
      expect(stored.individual).toMatchObject({ residential_city: 'Reno', id_type: 'ssn' });
      expect(stored.beneficial_owners[0]).toMatchObject({ first_name: 'Grace', id_type: 'passport' });

      expect(registrationStore.get().individual).toMatchObject({ dob: '1990-05-17', id_number: '123-45-6789', residential_city: 'Reno' });
      expect(registrationStore.get().beneficial_owners?.[0]).toMatchObject({
        dob: '1970-12-09',
        id_number: 'P1234567',
        first_name: 'Grace',
      });
    } finally {
      setItem.mockRestore();
    }
  });

  it('API.security.registration-id-numbers-memory-only: after a reload the answers are back but the passwords, date of birth and ID number must be typed again', async () => {
    registrationStore.update({
      email: 'ada@example.com',
      password: 'Secret!Pass1',
      password2: 'Secret!Pass1',
      individual: { ...defaultRegistration().individual, dob: '1990-05-17', id_number: '123-45-6789', residential_city: 'Reno' },
    });
    vi.resetModules();
    const reloaded = (await import('./registration-store')).registrationStore;
    const model = reloaded.get();
    expect(model.email).toBe('ada@example.com');
    expect(model.individual).toMatchObject({ residential_city: 'Reno', dob: '', id_number: '' });
    expect(reloaded.hasPassword()).toBe(false);
    reloaded.clear();
  });

  it('API.security.registration-id-numbers-memory-only: a copy stored by an older version loses its date of birth and ID number on first read', () => {
    sessionStorage.setItem(
      storageKeys.registration,
      JSON.stringify({ email: 'x@example.com', individual: { dob: '1990-05-17', id_number: '123-45-6789', residential_city: 'Reno' } }),
    );
    expect(registrationStore.get().individual).toMatchObject({ residential_city: 'Reno', dob: '', id_number: '' });
    const raw = sessionStorage.getItem(storageKeys.registration) ?? '';
    expect(raw).toContain('Reno');
    expect(raw).not.toContain('123-45-6789');
    expect(raw).not.toContain('1990-05-17');
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
