/** Spec 8: the blast results stay 6 s (with failures) or 5 s; other admin toasts 4 s. */
export const BLAST_FAILURES_TOAST = { duration: 6000 } as const;
export const BLAST_SENT_TOAST = { duration: 5000 } as const;
