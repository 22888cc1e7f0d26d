/** Spec §2: the three instruction paragraphs for a logged-in participant, as numbered steps. */
const STEPS = [
  "You will receive a confirmation e-mail with the date and time of your appointment, and text reminders on the phone number you registered with the day before and one hour before it starts.",
  "At the time of your appointment, meet at the downtown street corner of Main Street and 5th Avenue and wait there for a phone call on your registered number. Your instructions will come through that call.",
  "Bring a fully charged phone and a pair of wired headphones. Wireless earbuds tend to drop the call at the worst moment.",
];

export function Instructions() {
  return (
    <section aria-labelledby="instructions-title">
      <h2 id="instructions-title" className="font-display text-display-sm text-ink-950">
        Your appointment
      </h2>
      <ol className="mt-4 grid gap-4 md:grid-cols-3">
        {STEPS.map((text, index) => (
          <li key={index} className="flex gap-4 border-t border-line pt-4">
            <span aria-hidden="true" className="font-display text-display-md leading-none text-accent">
              {index + 1}
            </span>
            <p className="text-base leading-relaxed text-ink-800">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
