/**
 * TLS=self-signed: a certificate for this machine, made once and kept (cert.pem, key.pem) so phones that accepted it
 * at the venue are not asked again at every start. It is made again only when it is about to expire or when the
 * machine moved to another network (an address or the host name is no longer covered).
 */
import { createPrivateKey, type KeyObject, X509Certificate } from "node:crypto";
import { chmod, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { type CertificateNames, parseSubjectAltName } from "./names";

/** Long enough for any show; iOS refuses longer than 825 days for trusted certificates anyway. */
export const SELF_SIGNED_VALIDITY_MS = 365 * 24 * 60 * 60 * 1000;
/** A certificate with less left than this is made again at start, so it cannot run out during a show. */
export const RENEW_BEFORE_MS = 30 * 24 * 60 * 60 * 1000;

export type KeptCertificate = { cert: string; key: string; created: boolean };

const files = (dir: string) => ({ cert: path.join(dir, "cert.pem"), key: path.join(dir, "key.pem") });

/** Whether every name and address the machine has now is in the certificate. */
export function covers(certificate: CertificateNames, wanted: CertificateNames): boolean {
  // IPv6 temporary (privacy) addresses change every day or so: a certificate made again for them alone would make
  // every phone warn again. They are added when a certificate is made, but do not force a new one.
  const stableIps = wanted.ips.filter((ip) => !ip.includes(":") || ip === "::1");
  return wanted.dns.every((name) => certificate.dns.includes(name)) && stableIps.every((ip) => certificate.ips.includes(ip));
}

type Kept = { cert: string; key: string; x509: X509Certificate; keyObject: KeyObject };

async function readKept(dir: string): Promise<Kept | undefined> {
  try {
    const [cert, key] = await Promise.all([readFile(files(dir).cert, "utf8"), readFile(files(dir).key, "utf8")]);
    return { cert, key, x509: new X509Certificate(cert), keyObject: createPrivateKey(key) };
  } catch {
    return undefined; // none yet, or damaged: a new one is made
  }
}

async function make(names: CertificateNames, now: Date): Promise<{ cert: string; key: string }> {
  const { generate } = await import("selfsigned");
  const pems = await generate([{ name: "commonName", value: names.dns.find((name) => name !== "localhost") ?? "localhost" }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    notBeforeDate: new Date(now.getTime() - 60 * 60 * 1000), // a phone whose clock is a little behind still accepts it
    notAfterDate: new Date(now.getTime() + SELF_SIGNED_VALIDITY_MS),
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [...names.dns.map((value) => ({ type: 2 as const, value })), ...names.ips.map((ip) => ({ type: 7 as const, ip }))],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/** Written beside, then renamed: a crash while writing never leaves half a key. */
async function writeAtomically(file: string, text: string, mode: number): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, text, { mode });
  await chmod(temp, mode);
  await rename(temp, file);
}

function stillGood({ x509, keyObject }: Kept, names: CertificateNames, now: Date): boolean {
  const timeLeft = x509.validToDate.getTime() - now.getTime();
  return timeLeft > RENEW_BEFORE_MS && covers(parseSubjectAltName(x509.subjectAltName), names) && x509.checkPrivateKey(keyObject);
}

/** The kept certificate when it is still good for the machine's names, else a new one (then kept). */
export async function ensureSelfSignedCertificate(dir: string, names: CertificateNames, now = new Date()): Promise<KeptCertificate> {
  const kept = await readKept(dir);
  if (kept && stillGood(kept, names, now)) return { cert: kept.cert, key: kept.key, created: false };
  const made = await make(names, now);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeAtomically(files(dir).key, made.key, 0o600);
  await writeAtomically(files(dir).cert, made.cert, 0o644);
  return { ...made, created: true };
}

