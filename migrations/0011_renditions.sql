CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`run_after` text NOT NULL,
	`lease_token` text,
	`leased_until` text,
	`error` text,
	`created_at` text NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_kind_subject` ON `jobs` (`kind`,`subject`);--> statement-breakpoint
CREATE INDEX `jobs_state` ON `jobs` (`state`,`run_after`);--> statement-breakpoint
CREATE TABLE `media_renditions` (
	`media_id` text NOT NULL,
	`kind` text NOT NULL,
	`mime` text NOT NULL,
	`store_key` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`media_id`, `kind`),
	FOREIGN KEY (`media_id`) REFERENCES `media_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_files_created` ON `media_files` (`created_at`);