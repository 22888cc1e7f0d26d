/**
 * Registers the service worker (dist/web/sw.js, from web/sw.ts) once the page has loaded, so its precaching never
 * competes with the first render. Browsers offer service workers only in secure contexts (HTTPS, localhost); over
 * plain HTTP the app runs without one.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch((error) => console.error("Service worker not registered", error));
  });
}
