import { useAtomValue } from "jotai";
import { type ReactNode, useId } from "react";
import type { Show } from "../api/show";
import { CaptionedVideo, captionsOf } from "../features/onboarding/CaptionedVideo";
import { showAtom } from "../features/show/state";
import { textMarks } from "../features/show/textLanguage";
import { Icon } from "../ui/Icon";
import { Markdown } from "../ui/Markdown";
import { Page } from "../ui/Layout";
import { useT } from "../features/i18n/scope";

/** The show's questions and answers (answers in Markdown), as an accordion. */
function Faq({ show }: { show: Show }) {
  const faq = show.faq;
  const { t } = useT();
  if (faq.length === 0) return null;
  return (
    <section aria-labelledby="faq-title" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
      <h2 id="faq-title" className="font-display text-display-sm text-ink-950">
        {t("help.faq")}
      </h2>
      <div className="mt-4 divide-y divide-line border-y border-line">
        {faq.map(({ question, answer }, index) => (
          <details key={index} className="group">
            <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 py-3 text-base font-semibold text-ink-950 [&::-webkit-details-marker]:hidden">
              <span className="min-w-0 flex-1" {...textMarks(show, "faq", index, "question")}>
                {question}
              </span>
              <Icon name="plus" className="size-5 shrink-0 text-ink-500 transition-transform group-open:rotate-45" />
            </summary>
            <Markdown text={answer} className="space-y-3 pb-5 leading-relaxed text-ink-800" {...textMarks(show, "faq", index, "answer")} />
          </details>
        ))}
      </div>
    </section>
  );
}

function VideoSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-display text-display-sm break-words text-ink-950">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The tutorial first, then the FAQ as an accordion (beside the videos on a wide screen), then the onboarding video. */
export default function HelpScreen() {
  const show = useAtomValue(showAtom);
  const { t, locale } = useT();
  return (
    <Page title={t("help.title")} lead={t("help.lead")} wide>
      <div className="grid gap-10 lg:grid-cols-[7fr_5fr] lg:gap-x-12">
        <VideoSection title={t("help.tutorial")}>
          <CaptionedVideo
            key={show.tutorial_video_url}
            sources={show.tutorial_video_sources}
            captions={captionsOf(show, "tutorial", locale)}
            label={t("help.tutorial_video")}
          />
        </VideoSection>
        <Faq show={show} />
        <VideoSection title={t("help.rewatch", { project: show.project_name })}>
          <CaptionedVideo
            key={show.onboarding_video_url}
            sources={show.onboarding_video_sources}
            captions={captionsOf(show, "onboarding", locale)}
            label={t("help.onboarding_video")}
          />
        </VideoSection>
      </div>
    </Page>
  );
}
