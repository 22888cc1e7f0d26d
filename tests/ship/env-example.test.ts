/** .env.example documents every setting loadConfig reads, with the real defaults, and sets none of them. */
import { expect, test } from "bun:test";
import path from "node:path";
import { loadConfig } from "../../src/config";
import { REPO } from "./support/program";

/** The `# KEY=value` lines of .env.example (every setting is shown commented out, with quotes as dotenv takes them). */
async function exampleValues(): Promise<Record<string, string>> {
  const text = await Bun.file(path.join(REPO, ".env.example")).text();
  const settings = [...text.matchAll(/^# ([A-Z0-9_]+)=(.*)$/gm)];
  return Object.fromEntries(settings.map(([, name, value]) => [name!, value!.replace(/^"(.*)"$/, "$1")]));
}

/** Every variable name loadConfig looks at, found by handing it an environment that records reads. */
function variablesRead(): string[] {
  const read = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_, name) {
      if (typeof name === "string") read.add(name);
      return undefined;
    },
  });
  loadConfig(env);
  return [...read].sort();
}

test("every variable loadConfig reads is in .env.example", async () => {
  const documented = Object.keys(await exampleValues());
  expect(variablesRead().filter((name) => !documented.includes(name))).toEqual([]);
});

test("the values in .env.example are the defaults", async () => {
  const { CASEFILE_HTTP_PORT, ...settings } = await exampleValues();
  expect(CASEFILE_HTTP_PORT).toBe("3000");
  // fromEnv records which variables were set at all (a set one locks its field in Administration → Show): not a value.
  const { fromEnv: _set, ...given } = loadConfig(settings);
  const { fromEnv: _unset, ...defaults } = loadConfig({});
  expect(given).toEqual(defaults);
});

test("copied verbatim to .env it changes nothing (every setting is commented out)", async () => {
  const text = await Bun.file(path.join(REPO, ".env.example")).text();
  expect(text.split("\n").filter((line) => /^\s*[A-Z0-9_]+\s*=/.test(line))).toEqual([]);
});
