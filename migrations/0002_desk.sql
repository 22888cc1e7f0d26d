CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`actor_id` integer,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer,
	`detail` text DEFAULT '{}' NOT NULL,
	`prev_hash` text,
	`hash` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_target` ON `audit_log` (`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor` ON `audit_log` (`actor_id`);--> statement-breakpoint
ALTER TABLE `evidence` ADD `review_status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `evidence` ADD `investigator_notes` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `evidence` ADD `updated_at` text;--> statement-breakpoint
CREATE INDEX `evidence_review` ON `evidence` (`review_status`,`id`);--> statement-breakpoint
ALTER TABLE `media_files` ADD `duration_ms` integer;