import { useAtomValue } from "jotai";
import { Link } from "wouter";
import { configAtom, userAtom } from "../state/session";
import { Avatar } from "./Avatar";
import { NavMenu } from "./NavMenu";

export function NavBar() {
  const user = useAtomValue(userAtom);
  const { projectName } = useAtomValue(configAtom);
  const avatar = user?.verification_photo ? user.verification_photo_AWS_URL : null;
  return (
    <header className="sticky top-0 z-30 bg-gray-900 text-white shadow">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center gap-3 px-3 py-2">
        <Link href="/home" className="flex items-center gap-2 rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-white">
          <img src="/logo.svg" alt={`${projectName} logo`} className="size-9" />
          <span className="text-lg font-bold tracking-tight" aria-hidden="true">
            {projectName}
          </span>
        </Link>
        <div className="flex-1" />
        <Link href="/user" aria-label="Your profile" className="rounded-full focus-visible:outline-2 focus-visible:outline-white">
          <Avatar src={avatar} alt="" size="sm" />
        </Link>
        <NavMenu />
      </nav>
    </header>
  );
}
