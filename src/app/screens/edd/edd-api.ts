import { eddPromptsResponseSchema, eddRequestsResponseSchema } from '../../../shared/api/edd';
import { paths } from '../../../shared/api/paths';
import { http } from '../../http/client';

// The EDD calls of spec B §7 the screen makes. A failed submit is only logged (spec B §4), so
// the calls are silent: no global toast.

export function fetchEddPrompts(accountType: string, signal?: AbortSignal) {
  const type = accountType === 'corporation' ? 'corporation' : 'individual';
  return http.get(paths.edd.prompts, {
    query: { accountType: type },
    schema: eddPromptsResponseSchema,
    silent: true,
    ...(signal ? { signal } : {}),
  });
}

export function fetchEddRequests(userId: string, signal?: AbortSignal) {
  return http.get(paths.edd.requests, {
    query: { userId },
    schema: eddRequestsResponseSchema,
    silent: true,
    ...(signal ? { signal } : {}),
  });
}

export function submitEddResponses(body: FormData) {
  return http.post(paths.edd.responses, body, { silent: true });
}
