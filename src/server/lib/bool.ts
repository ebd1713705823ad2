import type { Bool01 } from '../db/schema';

export const toBool01 = (value: boolean): Bool01 => (value ? 1 : 0);
export const fromBool01 = (value: Bool01 | null | undefined): boolean => value === 1;
