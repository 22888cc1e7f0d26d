import { Link } from "wouter";
import { buttonClass, Page } from "../components/ui";

export default function VerifyEmailScreen() {
  return (
    <Page title="Email Verified Successfully!">
      <Link href="/user" className={buttonClass()}>
        Go to your profile
      </Link>
    </Page>
  );
}
