/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes): Bun's default of 64 MiB per hash would let a
 * crowd logging in at once take gigabytes. Verification reads the parameters stored in each hash.
 */
const ARGON2 = { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, ARGON2);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash);
}

export function sha256Hex(value: string): string {
  return new Bun.CryptoHasher("sha256").update(value).digest("hex");
}
