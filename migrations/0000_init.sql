CREATE TABLE `evidence` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`title` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`location` text,
	`is_public` integer DEFAULT false NOT NULL,
	`media_type` integer NOT NULL,
	`media_id` text,
	`thumbnail_id` text,
	`date_posted` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media_files`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`thumbnail_id`) REFERENCES `media_files`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `evidence_user` ON `evidence` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `evidence_public` ON `evidence` (`is_public`,`id`);--> statement-breakpoint
CREATE INDEX `evidence_media` ON `evidence` (`media_id`);--> statement-breakpoint
CREATE INDEX `evidence_thumbnail` ON `evidence` (`thumbnail_id`);--> statement-breakpoint
CREATE TABLE `media_files` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`store_key` text NOT NULL,
	`public_store_key` text,
	`public_size` integer,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_files_owner` ON `media_files` (`owner_id`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`full_name` text NOT NULL,
	`email` text NOT NULL,
	`phone_number` text NOT NULL,
	`pronouns` text DEFAULT '' NOT NULL,
	`role` integer DEFAULT 1 NOT NULL,
	`password_hash` text NOT NULL,
	`verification_media_id` text,
	`avatar_media_id` text,
	`video_watched` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_nocase` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_nocase` ON `users` (lower("email"));