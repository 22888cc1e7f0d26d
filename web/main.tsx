import { createRoot } from "react-dom/client";
import { App } from "./components/App";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(<App />);
