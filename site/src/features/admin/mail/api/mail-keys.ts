/** Query keys of the mail outbox; every admin key starts with 'admin'. */
export const mailKeys = {
  all: ['admin', 'mail'] as const,
  attention: (page: number) => ['admin', 'mail', 'attention', page] as const,
};
