CREATE TABLE `backup_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`instance` text NOT NULL,
	`started_at` text NOT NULL,
	`finished_at` text,
	`file` text NOT NULL,
	`size` integer,
	`verified` integer DEFAULT false NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `backup_runs_started` ON `backup_runs` (`started_at`);--> statement-breakpoint
CREATE TABLE `server_instances` (
	`id` text PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`version` text NOT NULL,
	`started_at` text NOT NULL,
	`seen_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `server_jobs` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text,
	`locked_until` text
);
