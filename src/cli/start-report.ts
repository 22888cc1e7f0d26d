/**
 * What `casefile serve` prints once listening: the addresses phones can use, whether an admin exists (and how to
 * make the first one), HTTPS or plain HTTP, and the show's warnings (the same list admins read in the console).
 */
import type { Config } from "../config";
import { machineNames } from "../tls/names";
import type { Warning } from "../show/warnings";

const isLoopback = (ip: string) => ip === "::1" || ip.startsWith("127.");
const hostPart = (host: string) => (host.includes(":") ? `[${host}]` : host);

/**
 * The addresses other devices can open: every non-loopback address of this machine when bound to all interfaces
 * (IPv4 first, what people type; IPv6 too when bound to ::), else the one address it is bound to.
 */
export function phoneAddresses(host: string, port: number, https: boolean, ips = machineNames().ips): string[] {
  const scheme = https ? "https" : "http";
  const all = host === "0.0.0.0" || host === "::" || host === "";
  if (!all && (isLoopback(host) || host === "localhost")) return [];
  const chosen = all
    ? [...ips.filter((ip) => !ip.includes(":")), ...(host === "0.0.0.0" ? [] : ips.filter((ip) => ip.includes(":")))].filter((ip) => !isLoopback(ip))
    : [host];
  return chosen.map((ip) => `${scheme}://${hostPart(ip)}:${port}`);
}

type StartFacts = {
  port: number;
  https: boolean;
  setupToken: string | undefined;
  warnings: Warning[];
  /** With casefile's own certificate: the names and addresses it is for (a phone must use one of those). */
  certificateAddresses?: string[];
};

export function startReport(config: Pick<Config, "host" | "publicUrl">, facts: StartFacts, ips?: string[]): string[] {
  const addresses = config.publicUrl
    ? [config.publicUrl.replace(/\/$/, "")]
    : (facts.certificateAddresses ?? phoneAddresses(config.host, facts.port, facts.https, ips));
  const scheme = facts.https ? "https" : "http";
  const lines = [`casefile listening on ${hostPart(config.host || "0.0.0.0")} port ${facts.port} (${facts.https ? "HTTPS" : "plain HTTP"})`];
  if (addresses.length) lines.push("phones can open:", ...addresses.map((a) => `  ${a}`));
  else if (config.host === "0.0.0.0" || config.host === "::") lines.push("no network address other than this machine's own: phones cannot reach it (is the Wi-Fi connected?)");
  else lines.push(`only this machine can open it (HOST=${config.host}); set HOST=0.0.0.0 for phones, or put a proxy in front`);
  lines.push(`on this machine: ${scheme}://localhost:${facts.port}`);
  if (facts.setupToken) {
    const places = addresses.length ? addresses : [`${scheme}://localhost:${facts.port}`];
    lines.push("no admin yet: open this one-time address in a browser to create the first admin (it works once):");
    lines.push(...places.map((a) => `  ${a}/setup?token=${facts.setupToken}`));
  } else lines.push("admin: at least one admin exists");
  for (const warning of facts.warnings) if (warning.code !== "no-admin" || !facts.setupToken) lines.push(`warning: ${warning.message}`);
  return lines;
}
