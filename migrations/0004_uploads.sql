CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` integer NOT NULL,
	`length` integer NOT NULL,
	`offset` integer DEFAULT 0 NOT NULL,
	`metadata` text DEFAULT '' NOT NULL,
	`filename` text,
	`mime_hint` text,
	`store_state` text,
	`lock_token` text,
	`locked_until` text,
	`evidence_id` integer,
	`sha256` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`evidence_id`) REFERENCES `evidence`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `uploads_owner` ON `uploads` (`owner_id`);--> statement-breakpoint
CREATE INDEX `uploads_expires` ON `uploads` (`expires_at`);