/** Spec 9: admin toasts stay 4 s; the blast results 6 s (with failures) or 5 s (spec 8). */
export const ADMIN_TOAST = { duration: 4000 } as const;
export const BLAST_FAILURES_TOAST = { duration: 6000 } as const;
export const BLAST_SENT_TOAST = { duration: 5000 } as const;
