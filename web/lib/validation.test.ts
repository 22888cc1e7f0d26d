import { expect, test } from "bun:test";
import { activateEnglish } from "../features/i18n/english.testing";
import { emailProblem, isEmail, isPhone, MESSAGES, phoneProblem } from "./validation";

activateEnglish();

test("phone numbers are exactly 10 digits without dashes", () => {
  expect(isPhone("5551234567")).toBe(true);
  expect(isPhone("555-123-4567")).toBe(false);
  expect(isPhone("555123456")).toBe(false);
  expect(isPhone("55512345678")).toBe(false);
});

test("emails need a local part, an @ and a dotted domain", () => {
  expect(isEmail("rosa@example.org")).toBe(true);
  expect(isEmail(" rosa@example.org ")).toBe(true);
  expect(isEmail("rosa@example")).toBe(false);
  expect(isEmail("rosa example.org")).toBe(false);
});

test("the problems are the spec's sentences, or nothing", () => {
  expect(emailProblem("rosa@example.org")).toBe("");
  expect(emailProblem("")).toBe("Invalid email address");
  expect(phoneProblem("5551234567")).toBe("");
  expect(phoneProblem("555-123-4567")).toBe(MESSAGES.invalidPhone);
  expect(MESSAGES.invalidPhone).toBe("Phone number must be 10 digits long and contain no dashes");
});
