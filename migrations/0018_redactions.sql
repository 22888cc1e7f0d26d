CREATE TABLE `redactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`evidence_id` integer NOT NULL,
	`version` integer NOT NULL,
	`plan` text NOT NULL,
	`picture` integer NOT NULL,
	`sound` integer NOT NULL,
	`status` text NOT NULL,
	`created_by` integer,
	`created_at` text NOT NULL,
	`made_at` text,
	`error` text,
	`media_id` text,
	`verified_at` text,
	`verified_by` integer,
	`faces_found` integer,
	`accepted` integer,
	FOREIGN KEY (`evidence_id`) REFERENCES `evidence`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media_files`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `redactions_version` ON `redactions` (`evidence_id`,`version`);--> statement-breakpoint
CREATE INDEX `redactions_media` ON `redactions` (`media_id`);