CREATE TABLE `setup_tokens` (
	`id` integer PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `show_media` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slot` text NOT NULL,
	`store_key` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`created_at` text NOT NULL,
	`replaced_at` text
);
--> statement-breakpoint
CREATE INDEX `show_media_slot` ON `show_media` (`slot`,`replaced_at`);--> statement-breakpoint
CREATE TABLE `show_settings` (
	`field` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text NOT NULL,
	`updated_by` integer
);
--> statement-breakpoint
CREATE TABLE `show_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`briefing_version` integer DEFAULT 0 NOT NULL
);
