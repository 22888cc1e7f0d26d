/** The certificate casefile serves HTTPS with, per config.tls: PEM files given by the operator, or a self-signed one. */
import { createPrivateKey, X509Certificate } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type Config, ConfigError } from "../config";
import { type CertificateNames, machineNames, parseSubjectAltName } from "./names";
import { ensureSelfSignedCertificate } from "./self-signed";

export type ServerTls = {
  /** PEM, as Bun.serve takes them (the certificate file may hold its chain too). */
  cert: string;
  key: string;
  kind: "files" | "self-signed";
  /** True when a self-signed certificate was made at this start (phones will warn once more). */
  created: boolean;
  /** SHA-256 of the certificate, as phones show it ("AB:CD:…"), for the operator to compare. */
  fingerprint: string;
  names: CertificateNames;
  validTo: Date;
};

const invalid = (variable: string, why: string) => new ConfigError(`Invalid configuration: ${variable} ${why}`);

async function readPem(variable: string, file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw invalid(variable, `cannot be read: ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function parse<T>(variable: string, file: string, what: string, parser: () => T): T {
  try {
    return parser();
  } catch {
    throw invalid(variable, `is not ${what}: ${file}`);
  }
}

/** TLS_CERT_FILE + TLS_KEY_FILE, read and checked once at start: a wrong file stops the server naming the variable. */
async function fromFiles(certFile: string, keyFile: string): Promise<ServerTls> {
  // One after the other, so that when both are wrong the message always names the certificate first.
  const cert = await readPem("TLS_CERT_FILE", certFile);
  const key = await readPem("TLS_KEY_FILE", keyFile);
  const x509 = parse("TLS_CERT_FILE", certFile, "a PEM certificate", () => new X509Certificate(cert));
  const keyObject = parse("TLS_KEY_FILE", keyFile, "a PEM private key without a passphrase", () => createPrivateKey(key));
  if (!x509.checkPrivateKey(keyObject)) throw invalid("TLS_KEY_FILE", `is not the key of the certificate in TLS_CERT_FILE: ${keyFile}`);
  if (x509.validToDate < new Date()) console.warn(`TLS_CERT_FILE expired on ${x509.validToDate.toISOString()}: browsers will refuse it`);
  return describe(cert, key, x509, "files", false);
}

async function selfSigned(dir: string): Promise<ServerTls> {
  let kept;
  try {
    kept = await ensureSelfSignedCertificate(dir, machineNames());
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`Invalid configuration: TLS=self-signed cannot keep its certificate in ${dir} (${why})`);
  }
  return describe(kept.cert, kept.key, new X509Certificate(kept.cert), "self-signed", kept.created);
}

function describe(cert: string, key: string, x509: X509Certificate, kind: ServerTls["kind"], created: boolean): ServerTls {
  return { cert, key, kind, created, fingerprint: x509.fingerprint256, names: parseSubjectAltName(x509.subjectAltName), validTo: x509.validToDate };
}

/** undefined: plain HTTP (TLS off, e.g. behind Caddy). */
export async function loadServerTls(tls: Config["tls"]): Promise<ServerTls | undefined> {
  if (tls.mode === "files") return fromFiles(tls.certFile, tls.keyFile);
  if (tls.mode === "self-signed") return selfSigned(tls.dir);
  return undefined;
}
