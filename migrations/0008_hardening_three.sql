CREATE TABLE `login_devices` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_devices_user` ON `login_devices` (`user_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_upload_quotas` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`stored_bytes` integer NOT NULL,
	`max_bytes` integer NOT NULL,
	`window_start` integer NOT NULL,
	`window_uploads` integer NOT NULL,
	`max_uploads` integer NOT NULL,
	`pending_uploads` integer DEFAULT 0 NOT NULL,
	`max_pending` integer DEFAULT 9007199254740991 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "upload_quotas_bytes" CHECK("__new_upload_quotas"."stored_bytes" <= "__new_upload_quotas"."max_bytes"),
	CONSTRAINT "upload_quotas_uploads" CHECK("__new_upload_quotas"."window_uploads" <= "__new_upload_quotas"."max_uploads"),
	CONSTRAINT "upload_quotas_pending" CHECK("__new_upload_quotas"."pending_uploads" <= "__new_upload_quotas"."max_pending")
);
--> statement-breakpoint
INSERT INTO `__new_upload_quotas`("user_id", "stored_bytes", "max_bytes", "window_start", "window_uploads", "max_uploads") SELECT "user_id", "stored_bytes", "max_bytes", "window_start", "window_uploads", "max_uploads" FROM `upload_quotas`;--> statement-breakpoint
DROP TABLE `upload_quotas`;--> statement-breakpoint
ALTER TABLE `__new_upload_quotas` RENAME TO `upload_quotas`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `users` ADD `username_skeleton` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_skeleton` ON `users` (`username_skeleton`);