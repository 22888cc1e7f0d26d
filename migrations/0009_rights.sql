CREATE TABLE `job_runs` (
	`name` text PRIMARY KEY NOT NULL,
	`lease_token` text,
	`leased_until` text,
	`last_run_at` text,
	`last_report` text
);
--> statement-breakpoint
ALTER TABLE `audit_log` ADD `detail_hash` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `redacted_at` text;--> statement-breakpoint
ALTER TABLE `evidence` ADD `withdrawn_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `consent_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `consent_version` integer;
