// The service worker (built by scripts/build-web.ts into dist/web/sw.js, served from the origin root).
// It precaches the shell and every screen's chunk at install, so every screen opens offline after a first visit,
// and answers page navigations with the precached index.html (the app routes on the client).
// The show's branding (/theme.css, /brand/*) is asked of the network first and kept in a cache, so the next visit after
// an admin changes it shows the new one, and an offline start (or a network too slow to answer) keeps the accent
// colour and the logo. Everything else goes straight to the network, untouched: the API (never cached: private, and
// uploads stream through it with progress events; GET /api/show included, so new texts arrive on the next visit and
// the app keeps its last answer for an offline start, see web/state/lastSession.ts) and the show's videos (see
// NOT_PRECACHED in scripts/build-web.ts; uploaded ones are under /show-media/).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";

/** Every file of dist/web with its content hash as revision; put in by scripts/build-web.ts. */
declare const PRECACHE_MANIFEST: PrecacheEntry[];
/** The worker's global scope, as far as it is used here (the project's types are the DOM's, not a worker's). */
declare const self: {
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: { waitUntil(work: Promise<unknown>): void }) => void): void;
};

const BRANDING_CACHE = "branding";
const BRANDING = ["/theme.css", "/brand/logo", "/brand/landing"];

precacheAndRoute(PRECACHE_MANIFEST);
cleanupOutdatedCaches();

// The first install takes the open page at once, so a first visit is already covered offline. A later version waits
// (no skipWaiting) until no tab runs the old one: a page keeps the shell and chunks it started with, nothing reloads
// under a participant mid-capture, and the new version takes over on the next visit.
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    // The API, the health check, the branding and real files (a video opened directly) are the server's, not the app's.
    denylist: [/^\/+api(\/|$)/i, /^\/healthz$/, /^\/brand\//, /^\/show-media\//, /\/[^/]+\.[^/]+$/],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && (url.pathname === "/theme.css" || url.pathname.startsWith("/brand/")),
  new NetworkFirst({ cacheName: BRANDING_CACHE, networkTimeoutSeconds: 3 }),
);

// The first visit's page loaded the branding before this worker ran: fetch it at install, so going offline right
// after a first visit keeps it too. A file that cannot be fetched now is simply cached at its next use.
self.addEventListener("install", (event) =>
  event.waitUntil(caches.open(BRANDING_CACHE).then((cache) => Promise.all(BRANDING.map((url) => cache.add(url).catch(() => undefined))))),
);
