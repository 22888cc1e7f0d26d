/**
 * README.txt, the first file of every export: what the folder is, in words for someone who has never seen casefile —
 * a participant opening their own data, or whoever receives the investigator's export.
 */
export function exportReadme({ forParticipant, items, createdAt }: { forParticipant: boolean; items: number; createdAt: string }): string {
  const what = forParticipant
    ? "This is everything the organisers' casefile server held about you when you downloaded it."
    : "This is an export of evidence from a casefile server, as the investigator chose it.";
  const lines = [
    "casefile export",
    "",
    what,
    `It was made on ${createdAt} and holds ${items === 1 ? "1 item" : `${items} items`}.`,
    "",
    "What is in it:",
    ...(forParticipant
      ? [
          "- account/profile.json: your account (name, e-mail, phone, when you joined and accepted the privacy notice).",
          "- account/verification-photo.* and account/avatar.*: your photos, as you sent them.",
        ]
      : []),
    "- media/: each item's photo, video or recording, as it was sent, named by its number and title.",
    "  Photos open in any image viewer; videos and recordings in a media player such as VLC (videolan.org).",
    "- manifest.csv: one line per item (title, notes, place, date, file). It opens in any spreadsheet program.",
    "- manifest.json: the same, for programs.",
    "- audit.json: the log of what was done to these items and when, with the hashes that chain the entries,",
    "  so a change can be noticed. Each file's SHA-256 is in the manifests, to check it is the one sent.",
    "",
    "Notes have no file: their words are in the manifests.",
  ];
  return `${lines.join("\n")}\n`;
}
