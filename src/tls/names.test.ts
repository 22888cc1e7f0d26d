/** Reading a certificate's names, and the addresses the start-up message offers participants. */
import { expect, test } from "bun:test";
import { parseSubjectAltName } from "./names";
import { httpsAddresses } from "./start-message";

test("subjectAltName as node:crypto prints it: IPv6 in one spelling, DNS names lower-case", () => {
  expect(parseSubjectAltName("DNS:localhost, DNS:Show-Laptop, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, IP Address:FD00:0:0:0:0:0:0:2")).toEqual({
    dns: ["localhost", "show-laptop"],
    ips: ["127.0.0.1", "::1", "fd00::2"],
  });
  expect(parseSubjectAltName(undefined)).toEqual({ dns: [], ips: [] });
});

test("participants are offered IPv4 addresses first, then names, then IPv6; never loopback or wildcard names", () => {
  const names = { dns: ["localhost", "show-laptop", "*.example.org"], ips: ["127.0.0.1", "::1", "fd00::2", "192.168.1.20"] };
  expect(httpsAddresses(names, 3000)).toEqual(["https://192.168.1.20:3000", "https://show-laptop:3000", "https://[fd00::2]:3000"]);
  expect(httpsAddresses({ dns: ["evidence.example.org"], ips: [] }, 443)).toEqual(["https://evidence.example.org"]);
});
