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
}

/** 1 note, 2 image, 3 video, 4 audio */
export type MediaType = 1 | 2 | 3 | 4;

export interface Evidence {
  id: number;
  title: string;
  notes: string;
  location: string | null;
  is_public: boolean;
  media_type: MediaType;
  aws_url: string | null;
  thumbnail_url: string | null;
  date_posted: string;
  user_id: number;
  username?: string;
  avatar_AWS_URL?: string | null;
  media?: { size: number; mime: string; sha256: string };
  /** Length of a video or audio item, when the phone measured it (null for notes, photos and older items). */
  duration_ms: number | null;
}

export interface AppConfig {
  projectName: string;
  spyUrl: string;
  archiveMode: boolean;
  maxUploadBytes: number;
  /** PUBLIC_URL, or null when the server was not told (then the address this browser uses is the best guess). */
  publicUrl: string | null;
  /** The operator's branding (ACCENT_COLOR, LOGO_FILE, LANDING_IMAGE_FILE, ARCHIVE_INTRO_FILE). */
  accentColor: string;
  onAccent: string;
  accentStrong: string;
  logoUrl: string;
  landingImageUrl: string;
  /** The public archive's introduction, as paragraphs. */
  archiveIntro: string[];
}
