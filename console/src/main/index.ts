import { startConsole } from './lifecycle.ts';

startConsole();
