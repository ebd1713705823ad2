import { transferLimits } from '../../shared/constants';
import type { ApprovedAddressesTable } from '../db/schema';

/** unconfirmed until the code is entered, then cooling down for the cool-down, then usable. */
export function statusOf(row: Pick<ApprovedAddressesTable, 'confirmed_at'>, now: number): 'unconfirmed' | 'cooling_down' | 'usable' {
  if (row.confirmed_at === null) return 'unconfirmed';
  return now < Number(row.confirmed_at) + transferLimits.approvedAddressCooldownMs ? 'cooling_down' : 'usable';
}
