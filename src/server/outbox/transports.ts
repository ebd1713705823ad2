import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface SmsMessage {
  to: string;
  body: string;
}

/** Sends one email; rejects on failure (the outbox retries). */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

/**
 * Sends one SMS. Real providers (Twilio, SNS, …) implement this; the default logs, because
 * SMS needs an account we do not have in this repository.
 */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export function createSmtpMailTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close() {
      transporter.close();
    },
  };
}

export function createLoggingSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    async send(message) {
      log.warn({ to: message.to }, 'SMS provider not configured: message logged, not sent');
    },
  };
}
