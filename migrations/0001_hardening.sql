CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `upload_quotas` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`stored_bytes` integer NOT NULL,
	`max_bytes` integer NOT NULL,
	`window_start` integer NOT NULL,
	`window_uploads` integer NOT NULL,
	`max_uploads` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "upload_quotas_bytes" CHECK("upload_quotas"."stored_bytes" <= "upload_quotas"."max_bytes"),
	CONSTRAINT "upload_quotas_uploads" CHECK("upload_quotas"."window_uploads" <= "upload_quotas"."max_uploads")
);
--> statement-breakpoint
DROP INDEX `users_username_nocase`;--> statement-breakpoint
DROP INDEX `users_email_nocase`;--> statement-breakpoint
ALTER TABLE `users` ADD `username_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `email_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Usernames were ASCII until now, so lower() is their normalised, case-folded key.
UPDATE `users` SET `username_key` = lower(`username`), `email_key` = lower(`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key` ON `users` (`username_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_key` ON `users` (`email_key`);--> statement-breakpoint
ALTER TABLE `media_files` ADD `public_copy` text DEFAULT 'original' NOT NULL;--> statement-breakpoint
-- Video and audio stored before public copies existed were never stripped: fail closed.
UPDATE `media_files` SET `public_copy` = 'withheld' WHERE `purpose` = 'evidence' AND (`mime` LIKE 'video/%' OR `mime` LIKE 'audio/%');--> statement-breakpoint
ALTER TABLE `password_resets` ADD `sent_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `password_resets` ADD `proof_hash` text;--> statement-breakpoint
ALTER TABLE `password_resets` ADD `proof_expires_at` integer;