import { useAtomValue } from "jotai";
import { type ReactNode, useId } from "react";
import { CaptionedVideo } from "../components/CaptionedVideo";
import { configAtom } from "../state/session";
import { Icon } from "../ui/Icon";
import { Page } from "../ui/Layout";

const FAQ: [question: string, answer: string][] = [
  [
    "When is my appointment?",
    "Your confirmation e-mail gives the date and time. You will also get text reminders the day before and one hour before, on the phone number you registered with.",
  ],
  [
    "Where do I meet?",
    "At the downtown street corner of Main Street and 5th Avenue. Wait there for a phone call on your registered number; the call tells you where to go next.",
  ],
  [
    "What if the weather is bad?",
    "The investigation happens rain or shine. Dress for the weather and bring something to keep your phone dry. If it is cancelled for safety reasons we will text you.",
  ],
  [
    "What if my call drops?",
    "Stay where you are and keep your phone on. We will call you back within a few minutes. Wired headphones make dropped calls much less likely.",
  ],
  ["Will I be paid?", "No. Taking part is voluntary and there is no payment of any kind. Nobody from the project will ever ask you for money."],
  [
    "How do I upload evidence?",
    "Open Evidence from the menu and tap the red plus button. Choose camera for photos and videos, audio to upload or record sound, or notes for a written report. Add a title and notes, then press Upload Evidence and keep the screen open until it finishes.",
  ],
];

function Faq() {
  return (
    <section aria-labelledby="faq-title" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
      <h2 id="faq-title" className="font-display text-display-sm text-ink-950">
        Frequently asked questions
      </h2>
      <div className="mt-4 divide-y divide-line border-y border-line">
        {FAQ.map(([question, answer]) => (
          <details key={question} className="group">
            <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 py-3 text-base font-semibold text-ink-950 [&::-webkit-details-marker]:hidden">
              <span className="min-w-0 flex-1">{question}</span>
              <Icon name="plus" className="size-5 shrink-0 text-ink-500 transition-transform group-open:rotate-45" />
            </summary>
            <p className="pb-5 leading-relaxed text-ink-800">{answer}</p>
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
  const { projectName } = useAtomValue(configAtom);
  return (
    <Page title="Help" lead="How to send evidence, and answers to what informants ask most." wide>
      <div className="grid gap-10 lg:grid-cols-[7fr_5fr] lg:gap-x-12">
        <VideoSection title="Tutorial: uploading evidence">
          <CaptionedVideo name="tutorial" label="Tutorial video" />
        </VideoSection>
        <Faq />
        <VideoSection title={`Rewatch the ${projectName} onboarding video`}>
          <CaptionedVideo name="onboarding" label="Onboarding video" />
        </VideoSection>
      </div>
    </Page>
  );
}
