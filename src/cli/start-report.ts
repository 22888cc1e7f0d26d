/**
 * What `casefile serve` prints once listening: the addresses phones can use, whether an admin exists (and how to
 * make the first one), HTTPS or plain HTTP, and the show's warnings (the same list admins read in the console).
 */
import type { Config } from "../config";
import { machineNames } from "../tls/names";
import { sayEnglish, type Translate } from "../i18n/catalogs.service";
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
  /** The checklist; an acknowledged row is still printed, marked so. */
  warnings: (Pick<Warning, "code" | "params"> & { acknowledged?: boolean })[];
  /** With casefile's own certificate: the names and addresses it is for (a phone must use one of those). */
  certificateAddresses?: string[];
};


/** The lines for the operator, in DEFAULT_LANGUAGE's words (`say`; English, the spec's, by default). */
export function startReport(config: Pick<Config, "host" | "publicUrl"> & { inContainer?: boolean }, facts: StartFacts, ips?: string[], say: Translate = sayEnglish): string[] {
  // In a container its own addresses (10.88.x) are not the ones phones reach: the host's are, with the published port.
  const hostUnknown = !config.publicUrl && !facts.certificateAddresses && config.inContainer;
  const addresses = config.publicUrl
    ? [config.publicUrl.replace(/\/$/, "")]
    : hostUnknown
      ? []
      : (facts.certificateAddresses ?? phoneAddresses(config.host, facts.port, facts.https, ips));
  const scheme = facts.https ? "https" : "http";
  const lines = [say("start.listening", { host: hostPart(config.host || "0.0.0.0"), port: String(facts.port), https: facts.https ? "yes" : "no" })];
  if (hostUnknown) lines.push(say("start.in_container"));
  else if (addresses.length) lines.push(say("start.phones_can_open"), ...addresses.map((a) => `  ${a}`));
  else if (config.host === "0.0.0.0" || config.host === "::") lines.push(say("start.no_network"));
  else lines.push(say("start.this_machine_only", { host: config.host }));
  if (!hostUnknown) lines.push(say("start.on_this_machine", { address: `${scheme}://localhost:${facts.port}` }));
  if (facts.setupToken) {
    const places = addresses.length ? addresses : [hostUnknown ? `${scheme}://<host>:<published port>` : `${scheme}://localhost:${facts.port}`];
    lines.push(say("start.no_admin"));
    lines.push(...places.map((a) => `  ${a}/setup?token=${facts.setupToken}`));
  } else lines.push(say("start.admin_exists"));
  for (const warning of facts.warnings) {
    if (warning.code === "no-admin" && facts.setupToken) continue;
    const text = say(`showEditor.warning.${warning.code}`, warning.params);
    lines.push(say(warning.acknowledged ? "start.warning_acknowledged" : "start.warning", { warning: text }));
  }
  return lines;
}
