import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";
import { Link, Redirect } from "wouter";
import { LandingImage } from "../features/landing/LandingImage";
import { SpyLink } from "../features/landing/SpyLink";
import { TicketNotice } from "../features/landing/TicketNotice";
import { showAtom } from "../features/show/state";
import { textMarks } from "../features/show/textLanguage";
import { inArchiveAtom, userAtom } from "../state/session";
import { Markdown } from "../ui/Markdown";
import { buttonClass } from "../ui/Button";
import { useT } from "../features/i18n/scope";
import { LanguageSwitch } from "../features/i18n/LanguageSwitch";

const ParticipantTasks = lazy(() => import("../features/landing/ParticipantTasks"));

/** The project's name as the page's headline, a size smaller when it is long. */
function ProjectName({ size }: { size: "lg" | "md" }) {
  const { project_name: projectName } = useAtomValue(showAtom);
  const long = projectName.length > 32;
  const sizes = size === "lg" && !long ? "text-display-lg md:text-display-xl" : "text-display-md md:text-display-lg";
  return <h1 className={`font-display break-words text-white ${sizes}`}>{projectName}</h1>;
}

/** A visitor's landing: the night-time poster — the bridge, the name, the spy link — and the way in. */
export function VisitorLanding() {
  const inArchive = useAtomValue(inArchiveAtom);
  const show = useAtomValue(showAtom);
  const { t } = useT();
  return (
    <div className="surface-dark flex flex-1 flex-col bg-ink-950 text-ink-100 md:justify-center">
      <div className="mx-auto grid w-full max-w-6xl items-center gap-y-6 pb-10 md:grid-cols-[5fr_7fr] md:gap-x-12 md:px-6 md:py-12">
        <div className="relative md:order-last">
          <LandingImage className="aspect-[4/3] md:aspect-[16/10] md:rounded-card md:ring-1 md:ring-white/10" />
          <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-ink-950 md:hidden" />
        </div>
        <div className="relative -mt-16 min-w-0 px-5 md:mt-0 md:px-0">
          <p className="text-xs font-semibold tracking-[0.2em] text-ink-300 uppercase" {...(inArchive ? {} : textMarks(show, "landing_eyebrow"))}>
            {inArchive ? t("landing.archive_eyebrow") : show.landing_eyebrow}
          </p>
          <div className="mt-2">
            <ProjectName size="lg" />
          </div>
          <Markdown
            text={inArchive ? show.landing_archive_text : show.landing_text}
            {...textMarks(show, inArchive ? "landing_archive_text" : "landing_text")}
            className="mt-4 max-w-md space-y-3 text-base leading-relaxed text-ink-200"
          />
          <div className="mt-5">
            <SpyLink />
          </div>
          {inArchive ? (
            <Link href="/archive" className={buttonClass("accent", "mt-8 w-full sm:w-auto", "lg")}>
              {t("landing.see_evidence")}
            </Link>
          ) : (
            <div className="mt-8 space-y-5">
              {/* Nearly everyone at a venue is new: registering is the main action, logging in the other one. */}
              <div className="grid grid-cols-2 gap-3 sm:flex">
                <Link href="/registration" className={buttonClass("accent", "sm:min-w-36", "lg")}>
                  {t("landing.register")}
                </Link>
                <Link href="/login" className={buttonClass("secondary", "sm:min-w-36", "lg")}>
                  {t("landing.login")}
                </Link>
              </div>
              <TicketNotice />
            </div>
          )}
          {/* On a laptop the top bar has the switch. */}
          <LanguageSwitch tone="dark" className="mt-6 lg:hidden" />
        </div>
      </div>
    </div>
  );
}

/** A logged-in user's home: the name on the dark band, then the main task (send evidence), then the appointment. */
export function ParticipantHome() {
  return (
    <div className="flex-1">
      <div className="surface-dark bg-ink-950 text-ink-100">
        <div className="mx-auto grid max-w-6xl pb-5 md:grid-cols-[5fr_7fr] md:items-center md:gap-x-12 md:px-6 md:py-8">
          <div className="relative md:order-last">
            <LandingImage className="aspect-[16/7] object-[50%_30%] md:rounded-card md:ring-1 md:ring-white/10" />
            <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-2/3 bg-gradient-to-t from-ink-950 md:hidden" />
          </div>
          <div className="relative -mt-10 min-w-0 px-5 md:mt-0 md:px-0">
            <ProjectName size="md" />
            <div className="mt-1">
              <SpyLink />
            </div>
          </div>
        </div>
      </div>
      <div className="mx-auto w-full max-w-6xl space-y-10 px-4 pt-6 pb-12 sm:px-6 sm:pt-10">
        <Suspense fallback={null}>
          <ParticipantTasks />
        </Suspense>
      </div>
    </div>
  );
}

/** /home and /home-validate; the archive variant is driven by the in-archive flag. */
export default function HomeScreen() {
  const user = useAtomValue(userAtom);
  const inArchive = useAtomValue(inArchiveAtom);
  // After the show a participant's place is their profile and My data (an admin keeps the home).
  if (user?.role === 1 && inArchive) return <Redirect to="/user" replace />;
  return <main className="flex flex-1 flex-col">{user ? <ParticipantHome /> : <VisitorLanding />}</main>;
}
