import { expect, test } from "bun:test";
import { createStore } from "jotai";
import type { Evidence } from "../api/types";
import { evidenceActionAtom, evidenceAtom } from "./evidence";

const item = (id: number, title = `Item ${id}`): Evidence => ({
  id,
  title,
  notes: "",
  location: null,
  duration_ms: null,
  is_public: false,
  media_type: 1,
  aws_url: null,
  thumbnail_url: null,
  date_posted: "2026-01-01T00:00:00.000Z",
  user_id: 1,
});

test("the evidence list can be replaced, take arrivals in their newest-first place, be pruned by id and reset", () => {
  const store = createStore();
  store.set(evidenceActionAtom, { type: "replace", items: [item(2), item(1)] });
  store.set(evidenceActionAtom, { type: "arrived", item: item(3) });
  expect(store.get(evidenceAtom).map((entry) => entry.id)).toEqual([3, 2, 1]);
  store.set(evidenceActionAtom, { type: "arrived", item: item(3, "Edited") });
  expect(store.get(evidenceAtom).filter((entry) => entry.id === 3).map((entry) => entry.title)).toEqual(["Edited"]);
  store.set(evidenceActionAtom, { type: "remove", id: 2 });
  expect(store.get(evidenceAtom).map((entry) => entry.id)).toEqual([3, 1]);
  store.set(evidenceActionAtom, { type: "reset" });
  expect(store.get(evidenceAtom)).toEqual([]);
});
