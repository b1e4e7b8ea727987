/** Replaced at build time by electron.vite.config.ts (`define`). */
declare const __APP_VERSION__: string;
