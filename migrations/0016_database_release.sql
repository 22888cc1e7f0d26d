CREATE TABLE `database_release` (
	`id` integer PRIMARY KEY NOT NULL,
	`release` text NOT NULL,
	`migrated_at` text NOT NULL
);
