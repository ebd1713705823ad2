/**
 * A bank number as typed (`deut de ff`, `DE89 3704 0044 0532 0130 00`, `0110-0001-5`) in the
 * form the validators and the records use: spaces and hyphens removed, letters upper case.
 */
export function compactBankNumber(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}
