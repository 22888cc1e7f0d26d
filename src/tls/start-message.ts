/** What `casefile serve` prints about HTTPS: the certificate, and the fingerprint to check on a phone. */
import { sayEnglish, type Translate } from "../i18n/catalogs.service";
import type { CertificateNames } from "./names";
import type { ServerTls } from "./server-tls";

const reachableFromElsewhere = (name: string) => name !== "localhost" && name !== "::1" && !name.startsWith("127.") && !name.startsWith("*.");

/** The https:// addresses other devices can use: IPv4 first (what people type), then names, then IPv6. */
export function httpsAddresses(names: CertificateNames, port: number): string[] {
  const ips = names.ips.filter(reachableFromElsewhere);
  const hosts = [...ips.filter((ip) => !ip.includes(":")), ...names.dns.filter(reachableFromElsewhere), ...ips.filter((ip) => ip.includes(":")).map((ip) => `[${ip}]`)];
  return hosts.map((host) => `https://${host}${port === 443 ? "" : `:${port}`}`);
}

/** The certificate's facts (the addresses phones can use are in the start report, src/cli/start-report.ts), in `say`'s words. */
export function tlsStartMessage(tls: ServerTls, say: Translate = sayEnglish): string[] {
  const until = tls.validTo.toISOString().slice(0, 10);
  return [
    tls.kind === "self-signed" ? say("start.tls_self_signed", { fresh: tls.created ? "yes" : "no", until }) : say("start.tls_file", { until }),
    say("start.tls_fingerprint", { fingerprint: tls.fingerprint }),
  ];
}
