import { createRoot } from "react-dom/client";
import { App } from "./components/App";
import { preloadAdminScreen } from "./components/AppRoutes";
import { registerServiceWorker } from "./features/offline/registerServiceWorker";

// The console's chunks are on its first render's path: on /admin, fetch them before React's first render, not after.
// A failed load is reported when the route renders it.
if (window.location.pathname.toLowerCase() === "/admin") preloadAdminScreen().catch(() => {});

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(<App />);
registerServiceWorker();
