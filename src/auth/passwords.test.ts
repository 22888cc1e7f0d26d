import { expect, test } from "bun:test";
import { hashPassword, verifyPassword } from "./passwords";

test("passwords are stored as argon2id hashes at 19 MiB / 2 passes, and verify only with the right password", async () => {
  const hash = await hashPassword("correct horse");
  expect(hash).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
  expect(hash).not.toContain("correct horse");
  expect(await verifyPassword("correct horse", hash)).toBe(true);
  expect(await verifyPassword("correct horsE", hash)).toBe(false);
});
