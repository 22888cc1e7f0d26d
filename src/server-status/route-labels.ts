/**
 * The route a request reached, as a label for metrics and logs: one of the router's own patterns
 * (`/api/media/:id`), `web` for a page of the web app, or `unmatched`. Nothing a client sends becomes a label, so the
 * number of series is bounded by the route table whatever is requested.
 */
import { looksLikeApiPath } from "../http/api-paths";

type RouteEntry = { method: string; path: string };
type Pattern = { method: string; label: string; test: RegExp };

export const UNMATCHED = "unmatched";
/** The web app's catch-all: a page when it serves one (GET outside the API), otherwise a 404 nobody routed. */
const CATCH_ALL = "/*";
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method as a label: a made-up method is `other`, not a series of its own. */
export const methodLabel = (method: string) => (METHODS.has(method) ? method : "other");

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A pattern as the router reads it: `:name` one segment, a trailing `*` the rest. */
const patternRegExp = (path: string) =>
  new RegExp(
    "^" +
      path
        .split("/")
        .map((segment) => (segment === "*" ? ".*" : segment.startsWith(":") ? "[^/]+" : escaped(segment)))
        .join("/") +
      "$",
  );

export function routeLabels(routes: readonly RouteEntry[]): (method: string, pathname: string) => string {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const { method, path } of routes) {
    if (path === CATCH_ALL) continue;
    if (!/[:*]/.test(path)) exact.set(`${method} ${path}`, path);
    else patterns.push({ method, label: path, test: patternRegExp(path) });
  }
  // As the router prefers them: fewer parameters first, a wildcard last.
  const rank = (label: string) => (label.endsWith("*") ? 100 : label.split(":").length);
  patterns.sort((a, b) => rank(a.label) - rank(b.label));
  return (method, pathname) => {
    const routed = method === "HEAD" ? "GET" : method;
    const found =
      exact.get(`${routed} ${pathname}`) ??
      exact.get(`ALL ${pathname}`) ??
      patterns.find((pattern) => (pattern.method === routed || pattern.method === "ALL") && pattern.test.test(pathname))?.label;
    if (found) return found;
    return routed === "GET" && !looksLikeApiPath(pathname) ? "web" : UNMATCHED;
  };
}
