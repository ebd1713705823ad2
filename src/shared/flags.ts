import { z } from 'zod';

// Spec A §3: user flags may arrive as a boolean or as the string 'true'.
export const flag = z.union([z.boolean(), z.string(), z.number()]).transform((v) => v === true || v === 'true' || v === 1 || v === '1');

/** Reads a flag that another back end may send as boolean, 'true' or 1. */
export function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}
