import { countryCodes } from '../geo';

// International Bank Account Numbers (ISO 13616).

const IBAN = /^([A-Z]{2})(\d{2})[A-Z0-9]{11,30}$/;

/**
 * An IBAN in compact upper-case form: country code, two check digits and the domestic account
 * number, 15 to 34 characters in all, whose ISO 7064 MOD 97-10 check holds (moved to the end,
 * letters as 10–35, the number leaves 1 when divided by 97). The check catches every single
 * wrong character and every swap of two neighbours; the per-country lengths are not checked.
 */
export function isValidIban(value: string): boolean {
  const m = IBAN.exec(value);
  if (!m || !countryCodes.has(m[1]!)) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}
