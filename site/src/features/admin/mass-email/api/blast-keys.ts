/** Query keys of the Mass Email tab; every admin key starts with 'admin'. */
export const blastKeys = {
  all: ['admin', 'email-blasts'] as const,
  list: (page: number) => ['admin', 'email-blasts', 'list', page] as const,
  detail: (id: string) => ['admin', 'email-blasts', 'detail', id] as const,
  subscribers: ['admin', 'subscribers'] as const,
};
