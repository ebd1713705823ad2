// ABA routing transit numbers (US banks): the routing_number and wire_routing_number of a
// domestic bank account.

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/**
 * The first two digits name the kind of institution and its Federal Reserve district: 00 the
 * US Government, 01–12 banks, 21–32 thrifts, 61–72 electronic transactions, 80 traveller's
 * cheques. Anything else is no routing number, whatever its checksum.
 */
function knownPrefix(prefix: number): boolean {
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

/**
 * Nine digits, a known prefix, and the check digit: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9)
 * is a multiple of 10. Catches every single mistyped digit and most swapped neighbours.
 * Nine zeros pass the sum but are no number, and are refused.
 */
export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value) || value === '000000000') return false;
  if (!knownPrefix(Number(value.slice(0, 2)))) return false;
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  return sum % 10 === 0;
}
