// A complete, valid individual registration (spec A §3), for tests and benchmarks that need a
// real user made through POST /v1/users/register.

export const STRONG_PASSWORD = 'Str0ng!Passw0rd';

let counter = 0;
/** A unique email per call, so tests never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}@example.com`;
}

export function individualRegistration(overrides: Record<string, unknown> = {}) {
  const password = typeof overrides.password === 'string' ? overrides.password : STRONG_PASSWORD;
  return {
    account_type: 'individual',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: uniqueEmail('ada'),
    phone_country_code: '+1',
    phone_number: '+12025550100',
    password,
    password2: password,
    account_role: 'client',
    account_purpose: 'Investing',
    individual: {
      dob: '1990-05-17',
      residential_country_code: 'US',
      residential_address: '1 Main Street',
      residential_city: 'Springfield',
      residential_state: 'IL',
      residential_postal_code: '62701',
      id_type: 'ssn',
      id_number: '123-45-6789',
      id_country_code: 'US',
    },
    ...overrides,
  };
}
