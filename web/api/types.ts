export type Role = 1 | 2;

export interface User {
  id: number;
  username: string;
  full_name: string;
  email: string;
  phone_number: string;
  pronouns: string;
  role: Role;
  verification_photo: boolean;
  verification_photo_AWS_URL: string | null;
  avatar_AWS_URL: string | null;
  video_watched: boolean;
  /** The privacy notice version last accepted (null: never, e.g. registered by the original client). */
  consent_version?: number | null;
  /** The language the account chose (mails go out in it); null or absent: none yet. */
  language?: string | null;
  /** Logged in with a temporary password an admin made: the next step is choosing their own. */
  must_change_password?: boolean;
}

/** 1 note, 2 image, 3 video, 4 audio */
export type MediaType = 1 | 2 | 3 | 4;

export interface Evidence {
  id: number;
  /** When the participant withdrew it from the public archive (owner and admins): a standing instruction to keep it private. */
  withdrawn_at?: string | null;
  /** Who recorded the withdrawal: the participant (id === user_id) or an admin acting for them. */
  withdrawn_by?: { id: number | null; username: string | null } | null;
  title: string;
  notes: string;
  location: string | null;
  is_public: boolean;
  media_type: MediaType;
  /** The spec's media address: the display copy when the server made one (HEIC, HEVC…), else the original. */
  aws_url: string | null;
  /** The original as sent (its owner and admins get the file itself; others the public copy). */
  original_url?: string | null;
  thumbnail_url: string | null;
  date_posted: string;
  user_id: number;
  username?: string;
  avatar_AWS_URL?: string | null;
  media?: { size: number; mime: string; sha256: string };
  /** A video's or audio clip's length in whole milliseconds as its sender measured it; null when unknown or not media. */
  duration_ms: number | null;
  /** Copies the server made for viewers (src/renditions); see web/features/media/renditions.ts. */
  renditions?: Rendition[];
  /** True while the server is still making them. */
  renditions_preparing?: boolean;
  /** A public item's copy was redacted by the organisers (issue 46): faces or places hidden, the voice changed. */
  redacted?: { picture: boolean; sound: boolean };
}

export interface Rendition {
  /** display: a copy every browser plays (made only when the original is not); peaks: the waveform as JSON. */
  kind: "display" | "poster" | "thumbnail" | "peaks";
  mime: string;
  url: string;
}

/** What the web app reads of GET /api/config (the show's words and branding come from GET /api/show). */
export interface AppConfig {
  archiveMode: boolean;
  maxUploadBytes: number;
  /** PUBLIC_URL, or null when the server was not told (then the address this browser uses is the best guess). */
  publicUrl: string | null;
  /** SMTP_URL is set: reset codes go out by mail (else the reset screen sends participants to the organisers). */
  mailConfigured: boolean;
}
