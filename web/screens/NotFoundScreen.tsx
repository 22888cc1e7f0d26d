import { Link } from "wouter";
import { buttonClass } from "../ui/Button";
import { t } from "../features/i18n/i18n";

export default function NotFoundScreen() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-5 py-12">
      <p className="text-xs font-semibold tracking-[0.2em] text-accent-strong uppercase">{t("notfound.eyebrow")}</p>
      <h1 className="mt-3 font-display text-display-lg text-ink-950 sm:text-display-xl">{t("notfound.title")}</h1>
      <p className="mt-4 max-w-prose text-lg text-ink-800">{t("notfound.text")}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/home" className={buttonClass("primary", "", "lg")}>
          {t("notfound.home")}
        </Link>
        <Link href="/archive" className={buttonClass("secondary", "", "lg")}>
          {t("notfound.archive")}
        </Link>
      </div>
    </main>
  );
}
