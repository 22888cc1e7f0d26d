import { Link } from "wouter";
import { buttonClass } from "../components/ui";

export default function NotFoundScreen() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-5 py-12">
      <p className="text-xs font-semibold tracking-[0.2em] text-accent-strong uppercase">Dead end</p>
      <h1 className="mt-3 font-display text-display-lg text-ink-950 sm:text-display-xl">404 — Page not found</h1>
      <p className="mt-4 max-w-prose text-lg text-ink-800">There is nothing at this address. The trail goes cold here.</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/home" className={buttonClass("primary", "", "lg")}>
          Back to Home
        </Link>
        <Link href="/archive" className={buttonClass("secondary", "", "lg")}>
          Open the archive
        </Link>
      </div>
    </main>
  );
}
