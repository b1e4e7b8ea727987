/** Spec 9: every admin toast stays 4 s (the site's default success toast lasts 2 s). */
export const ADMIN_TOAST = { duration: 4000 } as const;
