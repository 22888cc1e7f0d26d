/**
 * `bun scripts/import-circles.ts [root]`: prints every import circle among the TypeScript files of `src/` and `web/`
 * under root (the repository by default), one line each as `a → b → … → a`, and exits 1 when there is any.
 *
 * Edges are the relative static imports and re-exports (`import … from "./x"`, `import "./x"`, `export … from "./x"`),
 * resolved as written, then with `.ts`, `.tsx`, `/index.ts`, `/index.tsx`; packages and non-code files are not files of
 * the graph. Type-only imports (`import type`, `export type`, `import { type A, type B }`) are left out: they are erased
 * before the code runs, so they form no circle at load time. Dynamic `import()` and `require()` are left out too: they
 * load on first use, after every module has finished loading. Tarjan's algorithm finds the knots (strongly connected
 * components); within each, every elementary cycle is listed once, starting at its alphabetically first file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const FOLDERS = ["src", "web"];
const CODE = /\.tsx?$/;
const RESOLVE = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];
/** The longest list of cycles printed per knot: a large knot can hold exponentially many. */
const MAX_CYCLES_PER_KNOT = 200;

/** `import|export <clause> from "./x"`: the clause is names, braces, commas, `*` and `as` — never a statement. */
const FROM = /^[ \t]*(?:import|export)\s+([\w\s{},*$]*?)\s*from\s*["'](\.{1,2}\/[^"']*)["']/gm;
const BARE = /^[ \t]*import\s*["'](\.{1,2}\/[^"']*)["']/gm;

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? codeFiles(full) : CODE.test(entry.name) ? [full] : [];
  });
}

/** True for `type X`, `type { X }` and `{ type A, type B }`: nothing of it is left at run time. */
function typeOnly(clause: string): boolean {
  if (/^type\s/.test(clause)) return true;
  const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!named) return false;
  const names = named[1]!.split(",").map((name) => name.trim()).filter(Boolean);
  return names.length > 0 && names.every((name) => /^type\s/.test(name));
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return RESOLVE.map((suffix) => base + suffix).find((candidate) => CODE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile());
}

/** Each file's runtime imports among the scanned files, as paths relative to root. */
function importGraph(root: string): Map<string, string[]> {
  const files = FOLDERS.flatMap((folder) => codeFiles(path.join(root, folder)));
  const scanned = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const specifiers = [
      ...[...text.matchAll(FROM)].filter((match) => !typeOnly(match[1]!)).map((match) => match[2]!),
      ...[...text.matchAll(BARE)].map((match) => match[1]!),
    ];
    const targets = specifiers.map((specifier) => resolve(file, specifier)).filter((target): target is string => scanned.has(target!));
    graph.set(path.relative(root, file), [...new Set(targets.map((target) => path.relative(root, target)))].sort());
  }
  return graph;
}

/** Tarjan's strongly connected components; only knots (more than one file, or a file importing itself) are kept. */
function knots(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)!.includes(node)) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Every elementary cycle of one knot, each once: it starts at its smallest file and passes only larger ones. */
function cyclesOf(graph: Map<string, string[]>, knot: string[]): string[][] {
  const members = new Set(knot);
  const cycles: string[][] = [];
  for (const start of knot) {
    const walk = (node: string, trail: string[]) => {
      for (const next of graph.get(node)!) {
        if (cycles.length >= MAX_CYCLES_PER_KNOT) return;
        if (next === start) cycles.push([...trail, start]);
        else if (members.has(next) && next > start && !trail.includes(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

if (import.meta.main) {
  const graph = importGraph(path.resolve(process.argv[2] ?? path.join(import.meta.dir, "..")));
  const circles = knots(graph).flatMap((knot) => cyclesOf(graph, knot));
  for (const circle of circles) console.log(circle.join(" → "));
  console.log(circles.length === 0 ? "no import circles" : `${circles.length} import circle(s)`);
  process.exit(circles.length === 0 ? 0 : 1);
}
