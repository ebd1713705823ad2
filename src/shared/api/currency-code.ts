import { z } from 'zod';

// A currency code from outside (a JSON body, a form's select): trimmed, cased as the route keeps
// it, two to ten letters or digits. An empty or missing one is "required", not "not a code", so
// a form that has not chosen a currency yet says so.

/** A currency code, lower case unless `letterCase` says otherwise, named `label` in its errors. */
export function currencyCode(label = 'currency', letterCase: 'lower' | 'upper' = 'lower') {
  const required = `${label} is required.`;
  const cased = z.string({ error: required }).trim();
  return (letterCase === 'lower' ? cased.toLowerCase() : cased.toUpperCase())
    .min(1, { message: required, abort: true })
    .regex(letterCase === 'lower' ? /^[a-z0-9]{2,10}$/ : /^[A-Z0-9]{2,10}$/, `${label} must be a currency code.`);
}
