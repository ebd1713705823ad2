import { useCallback, useEffect, useRef, useState } from 'react';
import type { VerificationChannel } from '../../../shared/api/auth';
import { accountLimits } from '../../../shared/constants';
import { verificationMessages } from '../../../shared/messages';
import { HttpError } from '../../http/client';
import type { Timers } from '../../time/timers';
import { toast } from '../../toast/toast';
import { confirmVerificationCode, requestVerificationCode } from './account-api';
import { problemCode, serverMessage } from './server-message';

// The server's code for "this email/phone is verified already": nothing left to do here.
const ALREADY_VERIFIED = 'already_verified';
const CODE_INCORRECT = 'verification_code_incorrect';

/**
 * Spec A §4: a code is requested when the page opens; the Resend link appears 60 s after a
 * request, or at once when the request failed.
 */
export function useCodeRequest(channel: VerificationChannel, timers: Timers, onAlreadyVerified: () => void) {
  const [requests, setRequests] = useState(0);
  const [canResend, setCanResend] = useState(false);

  // Re-armed per request; cancelled when a failure shows the link early or on unmount.
  useEffect(() => {
    if (requests === 0 || canResend) return;
    return timers.after(accountLimits.resendCodeDelayMs, () => setCanResend(true));
  }, [requests, canResend, timers]);

  const alreadyVerified = useRef(onAlreadyVerified);
  alreadyVerified.current = onAlreadyVerified;

  const request = useCallback(
    async (isResend: boolean) => {
      setCanResend(false);
      setRequests((n) => n + 1);
      try {
        const answer = await requestVerificationCode(channel);
        if (isResend) toast.success(answer.message ?? verificationMessages.resendSucceeded);
      } catch (error) {
        if (problemCode(error) === ALREADY_VERIFIED) {
          alreadyVerified.current();
          return;
        }
        setCanResend(true);
        toast.error(serverMessage(error) ?? verificationMessages.resendFailed);
      }
    },
    [channel],
  );

  // Once per page visit, also under StrictMode's double effects: every request sends a message.
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void request(false);
  }, [request]);

  return { canResend, resend: () => void request(true) };
}

export type ConfirmResult = { ok: true } | { ok: false; message: string };

/** Confirms a code; a rejected code reads as the spec A §5 message. */
export async function confirmCode(channel: VerificationChannel, code: string): Promise<ConfirmResult> {
  try {
    await confirmVerificationCode(channel, code);
    return { ok: true };
  } catch (error) {
    const code = problemCode(error);
    if (code === ALREADY_VERIFIED) return { ok: true };
    if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
      // An expired code or too many attempts has its own sentence; anything else is "incorrect".
      const specific = code && code !== CODE_INCORRECT ? serverMessage(error) : undefined;
      return { ok: false, message: specific ?? verificationMessages.codeIncorrect };
    }
    return { ok: false, message: error instanceof HttpError ? error.userMessage : verificationMessages.codeIncorrect };
  }
}
