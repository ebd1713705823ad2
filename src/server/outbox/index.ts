export { createOutbox, type Outbox, type OutboxChannel, type OutboxDelivery } from './outbox-service';
export { createSmtpMailTransport, createLoggingSmsProvider } from './transports';
export type { MailTransport, MailMessage, SmsProvider, SmsMessage } from './transports';
export { registerOutboxDevRoutes } from './dev-routes';
export * as outboxTemplates from './templates';
