import { Link } from "wouter";
import { buttonClass, Page } from "../components/ui";

export default function NotFoundScreen() {
  return (
    <Page title="404 — Page not found">
      <p className="mb-6 text-gray-800">There is nothing at this address. The trail goes cold here.</p>
      <Link href="/home" className={buttonClass()}>
        Back to Home
      </Link>
    </Page>
  );
}
