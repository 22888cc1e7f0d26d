/** The names and addresses a certificate is for, as plain lists (DNS names lower-case, IP addresses canonical). */
import os from "node:os";

export type CertificateNames = { dns: string[]; ips: string[] };

/** One spelling per address: "0:0:0:0:0:0:0:1" (as X.509 tools print it) and "::1" are the same. */
export function canonicalIp(ip: string): string {
  return ip.includes(":") ? new URL(`http://[${ip}]`).hostname.slice(1, -1) : ip;
}

const isLinkLocalV6 = (ip: string) => /^fe[89ab]/i.test(ip);

/**
 * Where phones on the venue network can reach this machine: localhost, its host name and every non-internal
 * address. IPv6 link-local addresses are left out: a browser cannot open them (they need a zone id).
 */
export function machineNames(): CertificateNames {
  const ips = new Set(["127.0.0.1", "::1"]);
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const { address, internal } of addresses ?? []) {
      if (!internal && !isLinkLocalV6(address)) ips.add(canonicalIp(address));
    }
  }
  const dns = new Set(["localhost", os.hostname().toLowerCase()].filter(Boolean));
  return { dns: [...dns], ips: [...ips] };
}

/** The subjectAltName entries of a certificate, from node:crypto's "DNS:a, IP Address:1.2.3.4" rendering. */
export function parseSubjectAltName(text: string | undefined): CertificateNames {
  const names: CertificateNames = { dns: [], ips: [] };
  for (const entry of (text ?? "").split(/,\s*/)) {
    if (entry.startsWith("DNS:")) names.dns.push(entry.slice(4).toLowerCase());
    else if (entry.startsWith("IP Address:")) names.ips.push(canonicalIp(entry.slice(11)));
  }
  return names;
}
