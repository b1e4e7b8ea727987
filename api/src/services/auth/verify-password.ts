import { verify } from '@node-rs/argon2';
import { hashPassword } from './hash-password.ts';

/**
 * Verifying against this when the e-mail is unknown keeps the answer time the same, so timing
 * does not reveal which addresses have accounts.
 */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1');
  return dummyHash;
}
