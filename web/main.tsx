import { useAtomValue } from "jotai";
import { createRoot } from "react-dom/client";
import { App } from "./components/App";
import { followOtherTabs, languageAtom, startLanguage } from "./features/i18n/language";
import { preloadAdminScreen } from "./components/AppRoutes";
import { registerServiceWorker } from "./features/offline/registerServiceWorker";

// The console's chunks are on its first render's path: on /admin, fetch them before React's first render, not after.
// A failed load is reported when the route renders it.
if (window.location.pathname.toLowerCase() === "/admin") preloadAdminScreen().catch(() => {});

/** The whole app renders again in the new words when the language changes (no state is lost). */
function Root() {
  useAtomValue(languageAtom);
  return <App />;
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
// The catalog was preloaded beside this script (index.html): the first render is already in the right language.
startLanguage()
  .catch((error) => console.error("No catalog could be loaded", error))
  .finally(() => createRoot(root).render(<Root />));
followOtherTabs();
registerServiceWorker();
