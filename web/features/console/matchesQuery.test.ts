import { expect, test } from "bun:test";
import { NO_FILTERS, type ConsoleItem, type ConsoleQuery } from "../../api/console";
import { matchesQuery } from "./matchesQuery";

const ANY: ConsoleQuery = NO_FILTERS;
const photo = {
  id: 7,
  title: "Pier",
  notes: "",
  location: null,
  duration_ms: null,
  is_public: false,
  media_type: 2,
  aws_url: null,
  thumbnail_url: null,
  date_posted: "2026-03-04T10:00:00.000Z",
  user_id: 3,
  review_status: "flagged",
} satisfies ConsoleItem;

test("a live item joins the view only when the filters it carries allow it", () => {
  expect(matchesQuery(photo, ANY)).toBe(true);
  expect(matchesQuery(photo, { ...ANY, kind: "note,image", status: "flagged", visibility: "private", user: "3" })).toBe(true);
  expect(matchesQuery(photo, { ...ANY, kind: "video" })).toBe(false);
  expect(matchesQuery(photo, { ...ANY, status: "new,reviewed" })).toBe(false);
  expect(matchesQuery(photo, { ...ANY, visibility: "public" })).toBe(false);
  expect(matchesQuery(photo, { ...ANY, user: "4" })).toBe(false);
  expect(matchesQuery(photo, { ...ANY, from: "2026-03-04", to: "2026-03-04T23:59" })).toBe(true);
  expect(matchesQuery(photo, { ...ANY, from: "2026-03-05" })).toBe(false);
  expect(matchesQuery({ ...photo, review_status: undefined }, { ...ANY, status: "new" })).toBe(true);
});

test("an item filter (a link from the audit log) lets only that item in", () => {
  const item = { id: 270, media_type: 1, review_status: "new", is_public: false, user_id: 3, date_posted: "2026-11-22T20:00:00.000Z" } as ConsoleItem;
  expect(matchesQuery(item, { ...ANY, id: "270" })).toBe(true);
  expect(matchesQuery({ ...item, id: 271 }, { ...ANY, id: "270" })).toBe(false);
});
