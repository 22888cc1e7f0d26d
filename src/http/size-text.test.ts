import { expect, test } from "bun:test";
import { sizeText } from "./size-text";

test("sizes in refusals are decimal, so the number agrees with the MB/GB label (a MiB limit is converted)", () => {
  expect(sizeText(512)).toBe("512 B");
  expect(sizeText(64 * 1024)).toBe("66 KB");
  expect(sizeText(1024 * 1024)).toBe("1 MB");
  expect(sizeText(25 * 1024 * 1024)).toBe("26 MB");
  expect(sizeText(1024 * 1024 * 1024)).toBe("1.1 GB");
  expect(sizeText(1_500_000)).toBe("1.5 MB");
  expect(sizeText(999_999)).toBe("1 MB");
});
