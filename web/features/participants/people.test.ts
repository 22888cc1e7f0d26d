import { expect, test } from "bun:test";
import type { Participant } from "../../api/console";
import { activateEnglish } from "../i18n/english.testing";
import { matchesPerson, sortPeople } from "./people";

activateEnglish();

const person = (id: number, full_name: string, username: string, email: string, extra: Partial<Participant> = {}) =>
  ({ id, full_name, username, email, role: 1, video_watched: false, ...extra }) as Participant;
const people = [
  person(1, "Zoë Ångström", "zoe", "zoe@example.org", { item_count: 3, last_activity: "2026-12-01T10:00:00Z" }),
  person(2, "josé okonkwo", "jose99", "j.okonkwo@example.org", { item_count: 12, last_activity: null }),
  person(3, "Amal Haddad", "amal", "amal@mail.example", { item_count: 0, video_watched: true, last_activity: "2026-12-02T10:00:00Z" }),
];

test("a participant is found by any part of their name, username or e-mail, without minding accents or case", () => {
  expect(people.filter((p) => matchesPerson(p, "JOSE")).map((p) => p.id)).toEqual([2]);
  expect(people.filter((p) => matchesPerson(p, "angstrom zoe")).map((p) => p.id)).toEqual([1]);
  expect(people.filter((p) => matchesPerson(p, "mail.example")).map((p) => p.id)).toEqual([3]);
  expect(people.filter((p) => matchesPerson(p, "  ")).length).toBe(3);
  expect(people.filter((p) => matchesPerson(p, "nobody")).length).toBe(0);
});

test("participants sort by each column, both ways (names as the language sorts them, numbers as numbers)", () => {
  const ids = (by: Parameters<typeof sortPeople>[1]) => sortPeople(people, by).map((p) => p.id);
  expect(ids({ by: "name", descending: false })).toEqual([3, 2, 1]);
  expect(ids({ by: "name", descending: true })).toEqual([1, 2, 3]);
  expect(ids({ by: "items", descending: true })).toEqual([2, 1, 3]);
  expect(ids({ by: "activity", descending: true })).toEqual([3, 1, 2]);
  expect(ids({ by: "video", descending: true })).toEqual([3, 1, 2]);
  expect(ids({ by: "id", descending: true })).toEqual([3, 2, 1]);
});
