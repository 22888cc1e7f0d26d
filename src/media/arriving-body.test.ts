/**
 * What the scanner is shown of a body the runtime writes: only bytes that are really there. Bun writes a body it already
 * holds whole by first extending the file to the body's length and then writing it (strace: fallocate, then write);
 * the scan once read that moment's zeros and took a form's title for preamble ("Please give the evidence a title").
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { appendFile, mkdtemp, rm, truncate } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ArrivingBody, showArrivals } from "./arriving-body";

let dir: string;
let writing: boolean;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "arriving-body-"));
  writing = true;
});
afterEach(async () => {
  writing = false;
  await rm(dir, { recursive: true, force: true });
});

const pending = Symbol("pending");
/** What `promise` settled with within `ms`, or `pending`. */
const within = <T,>(promise: Promise<T>, ms: number) => Promise.race([promise, Bun.sleep(ms).then(() => pending)]);

test("a file already at the body's full length (extended before it is written) is not shown until the write ends", async () => {
  const file = path.join(dir, "whole.body");
  const declared = 300 * 1024;
  await Bun.write(file, "");
  await truncate(file, declared); // what the runtime's fallocate leaves for a moment: the full size, all zeros
  const arriving = new ArrivingBody();
  void showArrivals(file, declared, arriving, () => writing);
  expect(await within(arriving.reach(40), 400)).toBe(pending);
  writing = false;
  arriving.end(declared); // the write has ended: now every byte is there
  expect(await arriving.reach(40)).toBe(declared);
});

test("a body appended in order is shown as it grows, below its declared length", async () => {
  const file = path.join(dir, "streamed.body");
  const declared = 1024 * 1024;
  await Bun.write(file, "");
  const arriving = new ArrivingBody();
  void showArrivals(file, declared, arriving, () => writing);
  await appendFile(file, new Uint8Array(100 * 1024));
  expect(await within(arriving.reach(50 * 1024), 2000)).toBe(100 * 1024);
  await appendFile(file, new Uint8Array(declared - 100 * 1024));
  // The last byte written: shown only once the write has ended (the runtime may still be writing what it extended).
  expect(await within(arriving.reach(declared), 400)).toBe(pending);
});
