/**
 * `bun tests/ship/compose-profile.ts <profile|default>`: docker-compose.yml as Docker Compose resolves it for one
 * profile, written as JSON (which is YAML) for podman-compose, and checked on the way (`docker compose config`'s
 * job). Debian's podman-compose (1.0.3) knows no profiles and not the optional form of env_file, so the container
 * test gives it this instead of the file itself.
 *
 * Checks: every service's image or build, every depends_on naming a service of the profile (or marked required:
 * false, then dropped), every named volume declared, and every ${VARIABLE} the file reads documented in .env.example.
 */
import { existsSync } from "node:fs";
import path from "node:path";

type Service = {
  profiles?: string[];
  image?: string;
  build?: unknown;
  env_file?: (string | { path: string; required?: boolean })[];
  depends_on?: Record<string, { condition?: string; required?: boolean }>;
  volumes?: string[];
  [key: string]: unknown;
};

const repo = path.join(import.meta.dir, "../..");
const profile = process.argv[2] ?? "default";
const text = await Bun.file(path.join(repo, "docker-compose.yml")).text();
const compose = Bun.YAML.parse(text) as { services: Record<string, Service>; volumes?: Record<string, unknown> };
const problems: string[] = [];

const documented = new Set([...(await Bun.file(path.join(repo, ".env.example")).text()).matchAll(/^# ([A-Z0-9_]+)=/gm)].map((m) => m[1]));
// $${X} is the container's own variable (compose writes it as ${X}); ${X:-default} and ${X} are read from .env.
for (const [, name] of text.matchAll(/(?<!\$)\$\{([A-Z0-9_]+)(?::?-[^}]*)?\}/g)) {
  if (!documented.has(name!)) problems.push(`\${${name}} is not documented in .env.example`);
}

const active = Object.fromEntries(
  Object.entries(compose.services).filter(([, service]) => !service.profiles || service.profiles.includes(profile)),
);
for (const [name, service] of Object.entries(active)) {
  delete service.profiles;
  if (!service.image && !service.build) problems.push(`${name}: no image and no build`);
  service.env_file = service.env_file?.flatMap((entry) => {
    const file = typeof entry === "string" ? entry : entry.path;
    const required = typeof entry === "string" || entry.required !== false;
    const exists = existsSync(path.join(repo, file));
    if (!exists && required) problems.push(`${name}: env_file ${file} is missing`);
    return exists ? [path.join(repo, file)] : [];
  });
  if (service.env_file?.length === 0) delete service.env_file;
  for (const [dependency, rule] of Object.entries(service.depends_on ?? {})) {
    if (active[dependency]) continue;
    if (rule.required === false) delete service.depends_on![dependency];
    else problems.push(`${name}: depends on ${dependency}, which is not in the ${profile} profile`);
  }
  if (service.depends_on && Object.keys(service.depends_on).length === 0) delete service.depends_on;
  service.volumes = service.volumes?.map((volume) => {
    const [source, ...rest] = volume.split(":");
    if (source!.startsWith(".")) return [path.join(repo, source!), ...rest].join(":");
    if (!source!.startsWith("/") && !(compose.volumes && source! in compose.volumes)) problems.push(`${name}: volume ${source} is not declared`);
    return volume;
  });
  if (service.build === ".") service.build = repo;
  const build = service.build as { context?: string } | undefined;
  if (typeof build === "object" && build.context === ".") build.context = repo;
}

if (problems.length) {
  for (const problem of problems) console.error(`docker-compose.yml (${profile}): ${problem}`);
  process.exit(1);
}
console.log(JSON.stringify({ services: active, volumes: compose.volumes }, null, 2));
