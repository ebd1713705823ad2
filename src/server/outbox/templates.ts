import { PRODUCT_NAME, verificationLimits } from '../../shared/constants';
import type { NewOutboxMessage } from '../repositories';

// The text of every mail and SMS the accounts part sends. `code` and `link` are repeated in
// their own columns so /dev/outbox and tests can pick them out without parsing prose.

type Draft = Omit<NewOutboxMessage, 'created_at'>;
const minutes = Math.round(verificationLimits.codeLifetimeMs / 60_000);

export function emailVerificationMail(to: string, code: string): Draft {
  return {
    recipient: to,
    channel: 'email',
    subject: `${PRODUCT_NAME}: your email verification code`,
    body: `Your ${PRODUCT_NAME} email verification code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask for it, you can ignore this message.`,
    code,
    link: null,
  };
}

export function phoneVerificationSms(to: string, code: string): Draft {
  return {
    recipient: to,
    channel: 'sms',
    subject: null,
    body: `${PRODUCT_NAME} code: ${code} (expires in ${minutes} min)`,
    code,
    link: null,
  };
}

export function passwordResetMail(to: string, link: string, hours: number): Draft {
  return {
    recipient: to,
    channel: 'email',
    subject: `${PRODUCT_NAME}: reset your password`,
    body: `Someone asked to reset the password of your ${PRODUCT_NAME} account.\n\nTo choose a new password, open this link (valid for ${hours} hours):\n${link}\n\nIf it was not you, ignore this message; your password stays unchanged.`,
    code: null,
    link,
  };
}

export function passwordChangedMail(to: string): Draft {
  return {
    recipient: to,
    channel: 'email',
    subject: `${PRODUCT_NAME}: your password was changed`,
    body: `The password of your ${PRODUCT_NAME} account was just changed and every session was signed out.\n\nIf this was not you, contact support immediately.`,
    code: null,
    link: null,
  };
}
