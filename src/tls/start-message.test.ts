import { expect, test } from "bun:test";
import french from "../../locales/fr.json";
import { formatMessage } from "../i18n/format-message";
import { compileCatalog } from "../i18n/messages";
import type { ServerTls } from "./server-tls";
import { tlsStartMessage } from "./start-message";

const tls: ServerTls = {
  cert: "",
  key: "",
  kind: "self-signed",
  created: true,
  fingerprint: "AB:CD:EF",
  names: { dns: ["localhost"], ips: ["127.0.0.1"] },
  validTo: new Date("2027-11-25T00:00:00Z"),
};

test("the certificate's lines for the operator: English by default, DEFAULT_LANGUAGE's words when given", () => {
  expect(tlsStartMessage(tls)).toEqual([
    "HTTPS with a self-signed certificate made just now (valid until 2027-11-25); phones warn once",
    "certificate SHA-256 fingerprint (compare it on a phone): AB:CD:EF",
  ]);
  expect(tlsStartMessage({ ...tls, kind: "files", created: false })[0]).toBe("HTTPS with the certificate of TLS_CERT_FILE (valid until 2027-11-25)");
  const compiled = compileCatalog(french);
  const sayFrench = (id: string, values?: Record<string, unknown>) => formatMessage(compiled[id], "fr", values as never) ?? id;
  expect(tlsStartMessage(tls, sayFrench)).toEqual([
    "HTTPS avec un certificat auto-signé créé à l’instant (valable jusqu’au 2027-11-25) ; les téléphones avertissent une fois",
    "empreinte SHA-256 du certificat (à comparer sur un téléphone) : AB:CD:EF",
  ]);
});
