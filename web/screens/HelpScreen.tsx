import { useAtomValue } from "jotai";
import { CaptionedVideo } from "../components/CaptionedVideo";
import { configAtom } from "../state/session";

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

export default function HelpScreen() {
  const { projectName } = useAtomValue(configAtom);
  return (
    <main className="mx-auto w-full max-w-3xl space-y-8 px-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight">Help</h1>
      <section aria-labelledby="tutorial-title" className="space-y-2">
        <h2 id="tutorial-title" className="text-lg font-bold">
          Tutorial: uploading evidence
        </h2>
        <CaptionedVideo name="tutorial" label="Tutorial video" />
      </section>
      <section aria-labelledby="faq-title" className="space-y-2">
        <h2 id="faq-title" className="text-lg font-bold">
          Frequently asked questions
        </h2>
        <div className="divide-y divide-gray-200 rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
          {FAQ.map(([question, answer]) => (
            <details key={question} className="group p-4">
              <summary className="cursor-pointer font-semibold text-gray-900">{question}</summary>
              <p className="mt-2 text-gray-800">{answer}</p>
            </details>
          ))}
        </div>
      </section>
      <section aria-labelledby="onboarding-title" className="space-y-2">
        <h2 id="onboarding-title" className="text-lg font-bold">
          Rewatch the {projectName} onboarding video
        </h2>
        <CaptionedVideo name="onboarding" label="Onboarding video" />
      </section>
    </main>
  );
}
