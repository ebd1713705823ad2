import { connectionMessages } from '../../shared/messages';
import type { CommandResult } from '../api';

// The failures the engine answers on its own account, as values. Failures it passes on from
// the server or the hub keep their own codes (rest-client.ts, connection-manager.ts), and the
// error stream's codes are EngineErrorCode (../api.ts) with the spec's texts (src/shared/messages).

/** Any command that answers, sent before start() or after dispose(): nothing runs to carry it out. */
export const NOT_STARTED: CommandResult<never> = Object.freeze({
  ok: false,
  code: 'NOT_STARTED',
  message: connectionMessages.connectionNotAvailable,
});
