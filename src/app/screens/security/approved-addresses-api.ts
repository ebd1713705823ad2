import {
  approvedAddressListSchema,
  approvedAddressSchema,
  type AddApprovedAddress,
  type ApprovedAddress,
  type ApprovedAddressList,
} from '../../../shared/api/approved-addresses';
import { paths } from '../../../shared/api/paths';
import { paymentResultSchema } from '../../../shared/api/payments';
import { http } from '../../http/client';

// The withdrawal address book (docs/API.md, security/approved-addresses).

export function fetchApprovedAddresses(signal?: AbortSignal): Promise<ApprovedAddressList> {
  return http.get(paths.security.approvedAddresses, { schema: approvedAddressListSchema, ...(signal ? { signal } : {}) });
}

export function addApprovedAddress(body: AddApprovedAddress): Promise<ApprovedAddress> {
  return http.post(paths.security.approvedAddresses, body, { schema: approvedAddressSchema, silent: true });
}

export function confirmApprovedAddress(id: string, code: string): Promise<ApprovedAddress> {
  return http.post(paths.security.approvedAddressConfirm(id), { code }, { schema: approvedAddressSchema, silent: true });
}

export function removeApprovedAddress(id: string): Promise<unknown> {
  return http.del(paths.security.approvedAddress(id), { schema: paymentResultSchema });
}

export function setWithdrawOnlyToApproved(value: boolean): Promise<ApprovedAddressList> {
  return http.put(paths.security.approvedAddressSettings, { withdraw_only_to_approved: value }, { schema: approvedAddressListSchema });
}
