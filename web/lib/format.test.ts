import { expect, test } from "bun:test";
import { formatBytes, truncateTitle } from "./format";

test("card titles keep 8 characters and add ' ...' only when longer", () => {
  expect(truncateTitle("Supporting Evidence")).toBe("Supporti ...");
  expect(truncateTitle("12345678")).toBe("12345678");
  expect(truncateTitle("Note")).toBe("Note");
});

test("byte sizes read like people write them", () => {
  expect(formatBytes(512)).toBe("512 B");
  expect(formatBytes(1.5 * 1024 * 1024)).toBe("1.5 MB");
  expect(formatBytes(1024 * 1024 * 1024)).toBe("1 GB");
  expect(formatBytes(200 * 1024 * 1024)).toBe("200 MB");
});
