/** Every token and primitive of web/ui on one page, for docs/design-system.md's pictures (scripts/design-specimen.ts). */
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { Alert, Button, Spinner } from "../../web/ui/Button";
import { Badge } from "../../web/ui/Badge";
import { Modal } from "../../web/ui/Dialog";
import { SelectField, TextArea, TextField } from "../../web/ui/Field";
import { FilePicker } from "../../web/ui/FilePicker";
import { Icon } from "../../web/ui/Icon";
import { Card, PageHeader } from "../../web/ui/Layout";
import { PlaceLink } from "../../web/ui/PlaceLink";
import { RelativeTime } from "../../web/ui/RelativeTime";
import { EmptyState, LoadingState } from "../../web/ui/States";

const INK = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"];
const SURFACES = ["bg-paper", "bg-paper-deep", "bg-surface", "bg-accent", "bg-accent-strong", "bg-tape", "bg-muted", "bg-line"];

function Section({ title, children, dark = false }: { title: string; children: React.ReactNode; dark?: boolean }) {
  return (
    <section data-specimen={title} className={`space-y-4 px-6 py-8 ${dark ? "surface-dark bg-ink-950 text-ink-50" : ""}`}>
      <h2 className="text-xs font-semibold tracking-[0.2em] uppercase opacity-70">{title}</h2>
      {children}
    </section>
  );
}

function Specimen() {
  const [dialog, setDialog] = useState(new URLSearchParams(location.search).has("dialog"));
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  return (
    <main className="mx-auto max-w-4xl">
      <Section title="Type">
        <p className="font-display text-display-xl">Casefile 27</p>
        <p className="font-display text-display-lg">The public record</p>
        <p className="font-display text-display-md">Evidence of the night</p>
        <p className="font-display text-display-sm">Supporting Evidence</p>
        <p className="max-w-prose text-base">
          IBM Plex Sans for every word a participant reads: a 16 px body, 14 px labels, 12 px hints. Instrument Serif for
          headings, quotations and the exhibition.
        </p>
        <blockquote className="font-display text-2xl italic">“The man in the grey coat crossed twice, then waited by the kiosk.”</blockquote>
        <p className="text-sm text-muted">Muted secondary text — Łódź, Zoë, Ærø, Straße (latin-ext)</p>
      </Section>
      <Section title="Colour">
        <div className="flex flex-wrap gap-2">
          {INK.map((step) => (
            <div key={step} className="w-16 text-center text-xs">
              <div className={`h-12 rounded-md ring-1 ring-line bg-ink-${step}`} />
              ink-{step}
            </div>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          {SURFACES.map((name) => (
            <div key={name} className="w-24 text-center text-xs">
              <div className={`h-12 rounded-md ring-1 ring-line ${name}`} />
              {name.slice(3)}
            </div>
          ))}
        </div>
      </Section>
      <Section title="Buttons">
        <div className="flex flex-wrap items-center gap-3">
          <Button>Primary</Button>
          <Button variant="accent">
            <Icon name="camera" className="size-5" /> Accent
          </Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Danger</Button>
          <Button variant="link">Link</Button>
          <Button disabled>
            <Spinner /> Busy
          </Button>
          <Button size="sm" variant="secondary">
            Small
          </Button>
          <Button size="lg" variant="accent">
            Large
          </Button>
        </div>
      </Section>
      <Section title="Fields">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Full Name" defaultValue="Margarethe van der Oosterhuis" />
          <TextField label="Phone Number" hint="10 digits, no dashes" defaultValue="555-0100" error="Phone number must be 10 digits long and contain no dashes" />
          <SelectField label="Pronouns" options={[{ value: "", label: "Prefer not to say" }, { value: "she", label: "She/Her" }]} />
          <FilePicker label="Upload Avatar" accept="image/*" onFiles={() => {}} chosen="portrait-2026-11-21.jpg" icon="camera" />
          <div className="sm:col-span-2">
            <TextArea label="Notes" rows={3} defaultValue="Seen at 21:40 near the north entrance of the bridge." />
          </div>
        </div>
      </Section>
      <Section title="Badges, alerts, times, places">
        <div className="flex flex-wrap gap-2">
          <Badge variant="public">Public</Badge>
          <Badge variant="private">Private</Badge>
          <Badge variant="new">New</Badge>
          <Badge variant="reviewed">Reviewed</Badge>
          <Badge variant="flagged">Flagged</Badge>
          <Badge variant="tape">3 waiting</Badge>
          <Badge>0:42</Badge>
        </div>
        <Alert tone="error">Oops! The username and password didn't match. Try again!</Alert>
        <Alert tone="success" onDismiss={() => {}}>
          User updated successfully.
        </Alert>
        <Alert tone="info">You are offline. What you send waits on this phone and goes when the Wi-Fi is back.</Alert>
        <p className="text-sm">
          Posted <RelativeTime iso={ago(7)} /> · edited <RelativeTime iso={ago(60 * 26)} /> · <PlaceLink location="52.37022, 4.89517" />
        </p>
      </Section>
      <Section title="Cards and states">
        <div className="grid gap-4 sm:grid-cols-2">
          <Card>
            <PageHeader title="Card" lead="A white card on paper, for forms and facts." />
          </Card>
          <LoadingState label="Loading evidence . . ." />
        </div>
        <EmptyState
          icon="folder"
          title="Nothing sent yet"
          actions={
            <>
              <Button variant="accent">
                <Icon name="camera" className="size-5" /> Camera upload
              </Button>
              <Button variant="secondary">
                <Icon name="note" className="size-5" /> Notes upload
              </Button>
            </>
          }
        >
          What you send appears here.
        </EmptyState>
      </Section>
      <Section title="Dark surface" dark>
        <p className="font-display text-display-md">The archive at night</p>
        <div className="flex flex-wrap gap-3">
          <Button variant="accent">See the Evidence</Button>
          <Button variant="ghost">Ghost on ink</Button>
          <Badge variant="tape">Open</Badge>
        </div>
      </Section>
      <Section title="Dialog">
        <Button variant="secondary" onClick={() => setDialog(true)}>
          Open a dialog
        </Button>
        <Modal
          open={dialog}
          onClose={() => setDialog(false)}
          title="Are you sure?"
          actions={
            <>
              <Button variant="ghost" onClick={() => setDialog(false)}>
                Cancel
              </Button>
              <Button variant="danger">Confirm</Button>
            </>
          }
        >
          <p>Are you sure you want to delete this evidence?</p>
        </Modal>
      </Section>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(<Specimen />);
