// The schema as one module, for drizzle-kit and the typed client.
export * from './audit-log.ts';
export * from './contact-messages.ts';
export * from './email-blasts.ts';
export * from './events.ts';
export * from './order-daily-stats.ts';
export * from './orders.ts';
export * from './outbound-mail.ts';
export * from './payments.ts';
export * from './products.ts';
export * from './project-submissions.ts';
export * from './rate-limits.ts';
export * from './services.ts';
export * from './sessions.ts';
export * from './shipments.ts';
export * from './status-sources.ts';
export * from './subscribers.ts';
export * from './users.ts';
