CREATE TABLE `catalogs` (
	`language` text PRIMARY KEY NOT NULL,
	`messages` text NOT NULL,
	`updated_at` text NOT NULL,
	`updated_by` integer
);
--> statement-breakpoint
ALTER TABLE `users` ADD `language` text;