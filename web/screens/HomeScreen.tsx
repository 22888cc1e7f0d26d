import { useAtomValue } from "jotai";
import { Link } from "wouter";
import { buttonClass } from "../components/ui";
import { configAtom, inArchiveAtom, userAtom } from "../state/session";

function Instructions() {
  return (
    <section aria-labelledby="instructions-title" className="space-y-4 text-base leading-relaxed text-gray-800">
      <h2 id="instructions-title" className="text-xl font-bold text-gray-900">
        Your appointment
      </h2>
      <p>
        You will receive a confirmation e-mail with the date and time of your appointment, and text reminders on the phone
        number you registered with the day before and one hour before it starts.
      </p>
      <p>
        At the time of your appointment, meet at the downtown street corner of Main Street and 5th Avenue and wait there for
        a phone call on your registered number. Your instructions will come through that call.
      </p>
      <p>
        Bring a fully charged phone and a pair of wired headphones. Wireless earbuds tend to drop the call at the worst
        moment.
      </p>
    </section>
  );
}

function VisitorActions({ inArchive }: { inArchive: boolean }) {
  if (inArchive) {
    return (
      <Link href="/archive" className={buttonClass("primary", "w-full sm:w-auto")}>
        See the Evidence
      </Link>
    );
  }
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link href="/login" className={buttonClass("primary", "sm:w-40")}>
          Login
        </Link>
        <Link href="/registration" className={buttonClass("secondary", "sm:w-40")}>
          Register
        </Link>
      </div>
      <p className="text-sm font-semibold text-red-800">(Do NOT register for an account unless you have a ticket)</p>
    </div>
  );
}

/** /home and /home-validate; the archive variant is driven by the in-archive flag. */
export default function HomeScreen() {
  const user = useAtomValue(userAtom);
  const inArchive = useAtomValue(inArchiveAtom);
  const { projectName, spyUrl } = useAtomValue(configAtom);
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="sr-only">{projectName}</h1>
      <img
        src="/bridge.svg"
        alt="A steel suspension bridge at night over dark water"
        width={800}
        height={400}
        className="h-auto w-full rounded-2xl shadow-md"
        fetchPriority="high"
      />
      <a
        href={spyUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="my-6 block rounded-xl bg-red-700 px-4 py-4 text-center text-lg font-extrabold tracking-wide text-white shadow hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800"
      >
        CLICK HERE TO SPY ON {projectName}
      </a>
      {user ? <Instructions /> : <VisitorActions inArchive={inArchive} />}
    </main>
  );
}
