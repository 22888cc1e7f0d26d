import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const SCRIPT = path.join(import.meta.dir, "import-circles.ts");
const roots: string[] = [];

/** A temporary repository holding the given files (path → text). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "import-circles-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

async function run(root: string): Promise<{ code: number; lines: string[] }> {
  const child = Bun.spawn([process.execPath, SCRIPT, root], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(child.stdout).text();
  return { code: await child.exited, lines: out.trim().split("\n") };
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("import-circles", () => {
  test("a tree without a circle exits 0", async () => {
    const root = tree({
      "src/app.ts": 'import { a } from "./feature";\nimport "./setup.ts";\nexport const app = a;\n',
      "src/feature/index.ts": 'export { b as a } from "../leaf";\n',
      "src/leaf.ts": 'import { readFile } from "node:fs";\nexport const b = readFile;\n',
      "src/setup.ts": "export {};\n",
      "web/App.tsx": 'import { app } from "../src/app";\nimport "./styles.css";\nexport const App = () => app;\n',
    });
    expect(await run(root)).toEqual({ code: 0, lines: ["no import circles"] });
  });

  test("a circle through index.ts, .tsx and a multi-line re-export is printed once, and exits 1", async () => {
    const root = tree({
      "src/a.ts": 'import {\n  b,\n  c,\n} from "./b";\nexport const a = b + c;\n',
      "src/b/index.ts": 'export {\n  c as b,\n} from "../../web/c";\nexport const c = 1;\n',
      "web/c.tsx": 'import { a } from "../src/a";\nexport const c = () => a;\n',
      "web/leaf.tsx": 'import { c } from "./c";\nexport const leaf = c;\n',
    });
    expect(await run(root)).toEqual({ code: 1, lines: ["src/a.ts → src/b/index.ts → web/c.tsx → src/a.ts", "1 import circle(s)"] });
  });

  test("each elementary cycle of a knot once, from its first file; a file importing itself is a circle", async () => {
    const root = tree({
      "src/x.ts": 'import { y } from "./y";\nimport { z } from "./z";\nexport const x = y + z;\n',
      "src/y.ts": 'import { x } from "./x";\nimport { z } from "./z";\nexport const y = () => x + z;\n',
      "src/z.ts": 'import { x } from "./x";\nexport const z = () => x;\n',
      "web/self.ts": 'import * as me from "./self";\nexport const self = me;\n',
    });
    expect(await run(root)).toEqual({
      code: 1,
      lines: ["src/x.ts → src/y.ts → src/x.ts", "src/x.ts → src/y.ts → src/z.ts → src/x.ts", "src/x.ts → src/z.ts → src/x.ts", "web/self.ts → web/self.ts", "4 import circle(s)"],
    });
  });

  test("type-only imports, dynamic imports and imports outside src/ and web/ form no circle", async () => {
    const root = tree({
      "src/p.ts": 'import type { Q } from "./q";\nexport type P = Q;\nexport const load = () => import("./q");\n',
      "src/q.ts": 'import { type P, type R } from "./p";\nexport type { P } from "./p";\nexport type Q = P | R;\n',
      "src/r.ts": 'import { t } from "../tests/t";\nexport const r = t;\n',
      "tests/t.ts": 'import { r } from "../src/r";\nexport const t = r;\n',
    });
    expect(await run(root)).toEqual({ code: 0, lines: ["no import circles"] });
  });

  test("a value import beside type ones still counts", async () => {
    const root = tree({
      "src/p.ts": 'import { type Q, q } from "./q";\nexport const p = q;\nexport type P = Q;\n',
      "src/q.ts": 'import { p } from "./p";\nexport const q = () => p;\nexport type Q = number;\n',
    });
    expect(await run(root)).toEqual({ code: 1, lines: ["src/p.ts → src/q.ts → src/p.ts", "1 import circle(s)"] });
  });
});

test("casefile's own src/ and web/ have no import circle (a new one fails here, naming it)", async () => {
  expect(await run(path.join(import.meta.dir, ".."))).toEqual({ code: 0, lines: ["no import circles"] });
});
