import { expect, test } from "bun:test";
import type { AuditEntry } from "../../api/console";
import { activateEnglish } from "../i18n/english.testing";
import { auditSentence } from "./auditSentence";

activateEnglish();

const entry = (action: string, detail: AuditEntry["detail"], more: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  at: "2026-11-22T20:00:00.000Z",
  actor_id: 1,
  actor_name: "chief",
  action,
  target_type: "evidence",
  target_id: 270,
  target_name: "LIVE 5 from the harbour wall at midnight",
  detail,
  hash: "",
  ...more,
});
const read = (e: AuditEntry) => {
  const { before, target, after } = auditSentence(e);
  return `${before} ${target}${after}`;
};

test("entries read as sentences naming the item, kinds as words", () => {
  expect(read(entry("evidence.visibility", { is_public: { before: false, after: true } }))).toBe("chief published 'LIVE 5 from the harbour wall …' (#270)");
  expect(read(entry("evidence.review", { review_status: { before: "new", after: "flagged" } }))).toBe("chief flagged 'LIVE 5 from the harbour wall …' (#270)");
  expect(read(entry("evidence.create", { media_type: { before: null, after: 2 } }, { actor_name: "ann" }))).toBe("ann sent a photo 'LIVE 5 from the harbour wall …' (#270)");
  expect(read(entry("evidence.delete", { title: { before: "Van outside", after: null } }, { target_name: null }))).toBe("chief deleted 'Van outside' (#270)");
  expect(read(entry("user.logout-all", {}, { target_type: "user", target_id: 4, target_name: "ann" }))).toBe("chief logged ann out everywhere");
});
