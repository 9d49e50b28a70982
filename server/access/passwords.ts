import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum (19 MiB, 2 passes): the cost every login and transfer pays. */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashSecret = (secret: string): Promise<string> => hash(secret, ARGON2_OPTIONS);

export async function verifySecret(hashed: string | null | undefined, secret: string): Promise<boolean> {
  if (!hashed || !secret) return false;
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}
