import { expect, test } from "bun:test";
import { EMPTY_REGISTRATION, REGISTRATION_FIELDS, registrationProblem, type RegistrationValues } from "./registrationChecks";
import { activateEnglish } from "../i18n/english.testing";

activateEnglish();

const valid: RegistrationValues = {
  full_name: "Rosa Informant",
  username: "rosa",
  pronouns: "",
  email: "rosa@example.org",
  phone_number: "5551234567",
  confirm_phone: "5551234567",
  password: "bridge-secret",
  confirm_password: "bridge-secret",
};
const problems = (values: RegistrationValues) =>
  Object.fromEntries(REGISTRATION_FIELDS.map((field) => [field, registrationProblem(field, values)]).filter(([, problem]) => problem));

test("a complete form has no problem", () => {
  expect(problems(valid)).toEqual({});
});

test("an empty form has a problem beside every required field, username and password with the spec's sentence", () => {
  expect(problems(EMPTY_REGISTRATION)).toEqual({
    full_name: "Please enter your full name",
    username: "Choose a username and password!",
    email: "Please enter your email address",
    phone_number: "Please enter your phone number",
    confirm_phone: "Please enter your phone number again",
    password: "Choose a username and password!",
    confirm_password: "Please enter your password again",
  });
});

test("every spec §5 rule at once, each beside its field", () => {
  expect(
    problems({ ...valid, email: "not-an-email", phone_number: "555-123-45", confirm_phone: "5550000000", password: "short", confirm_password: "shorter" }),
  ).toEqual({
    email: "Invalid email address",
    phone_number: "Phone number must be 10 digits long and contain no dashes",
    confirm_phone: "Phone numbers do not match",
    password: "Password must be at least 7 characters long",
    confirm_password: "Passwords do not match",
  });
});
